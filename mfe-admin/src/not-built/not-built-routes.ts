/** Administration screens not built yet (insurance, data models, pipelines, web forms, business processes): the shared route overview. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { overviewRoutes } from '@meridian/shared/module/area-routes';
import { businessProcesses, dataModels, excessProtector, insurance, salesPipelines, webForms } from '@meridian/shared/contract/areas/admin';

export const insuranceRoutes: DomainRoute[] = [
  ...overviewRoutes(insurance, { home: 'Insurance', list: 'Insurance', create: 'New insurance setting', edit: 'Edit insurance setting' }),
  ...overviewRoutes(excessProtector, { list: 'Excess protector', create: 'New excess protector', edit: 'Edit excess protector' }),
];

export const dataModelRoutes: DomainRoute[] = [
  ...overviewRoutes(dataModels, { list: 'Data models', create: 'New data model', edit: 'Edit data model' }),
  ...overviewRoutes(salesPipelines, { list: 'Sales pipelines' }),
];

export const processRoutes: DomainRoute[] = [
  ...overviewRoutes(webForms, { list: 'Web forms', create: 'New web form', edit: 'Edit web form' }),
  ...overviewRoutes(businessProcesses, {
    list: 'Business processes',
    create: 'New business process',
    edit: 'Edit business process',
    model: 'Business process model',
  }),
];
