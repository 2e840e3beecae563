/** The addresses of the template screens. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { templates } from '@meridian/shared/contract/areas/admin';

export const TEMPLATES_LIST_PATH = templates.screens.list;
export const ADD_TEMPLATE_PATH = templates.screens.add;
export const editTemplatePath = (id: string) => pathTo(templates.screens.edit, { id });
