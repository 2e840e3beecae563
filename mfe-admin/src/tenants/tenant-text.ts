/** The texts of the tenant screens: the tree, the form, banks and the products a tenant offers. */

export const TENANT_TEXT = {
  tenantsTitle: 'Tenants',
  newTenant: 'New tenant',
  editTenant: 'Edit tenant',
  backToTenants: 'Back to tenants',
  addSubTenant: 'Add sub-tenant',
  tenantType: 'Type',
  parentTenant: 'Parent tenant',
  noParentTenant: 'None (top level)',
  shortCode: 'Short code',
  locationRequired: 'Location required',
  locationRequiredHint: 'Agents of this tenant must share their location to update activities and to start or stop their day.',
  coordinatesBoth: 'Enter both latitude and longitude, or neither.',
  coordinatesHint: 'Empty coordinates are taken from the tenant above.',
  banks: 'Banks',
  banksReadOnly: 'Banks are kept on the company (or a tenant above it) and are listed here for reference.',
  fromTenantAbove: 'from a tenant above',
  noBanks: 'No banks are kept for this tenant or the tenants above it.',
  yes: 'Yes',
  no: 'No',
  noTenants: 'No tenants to show.',
  tenantCreated: 'The tenant has been created.',
  tenantSaved: 'The tenant has been saved.',
  tenantDeleted: 'The tenant has been deleted.',
  tenantNotDeleted: 'The tenant could not be deleted.',
  tenantDeleteDetail: 'A tenant that still has sub-tenants or users cannot be deleted. This cannot be undone.',
  parentOutsideActing: 'A tenant above the one you are acting for',
  topLevelNeedsGlobalAdmin: 'Only a global administrator can make a tenant top-level. Choose a parent tenant.',
  outsideActing: 'Outside your acting tenant',
  tenantOutsideActing: 'This tenant is outside the tenant you are acting for. Select a tenant above it in the top bar to change it.',
  tenantProductsTitle: 'Tenant products',
  tenantProducts: 'Products',
  chooseTenant: 'Choose a tenant',
  chooseTenantForProducts: 'Choose the tenant whose products to set.',
  productsSaved: 'The products have been saved.',
  catalogueEmpty: 'The product catalogue is empty.',
  selectAllInCategory: 'All',
} as const;

export const deleteTenantQuestion = (name: string) => `Delete the tenant '${name}'?`;
/** A tenant type that cannot sit under its parent's type (the server's own wording). */
export const tenantTypeUnderParentMessage = (type: string, parentType: string) => `A ${type} cannot sit under a ${parentType}.`;
/** A type change that would leave sub-tenants at the same or a higher level. */
export const tenantTypeAboveChildrenMessage = (childType: string) =>
  `A ${childType} sits under this tenant, so it must stay above a ${childType}.`;
/** The currency a tenant uses when it sets none of its own. */
export const inheritedCurrencyMessage = (symbol: string, code: string | null) =>
  `When empty, the tenant uses ${symbol}${code ? ` (${code})` : ''} from the tenant above.`;
/** Products a tenant offers that have since left the catalogue: saving removes them. */
export const productsLeftCatalogueMessage = (names: string) => `No longer in the catalogue, so saving removes them: ${names}.`;
export const productsChosenMessage = (chosen: number, total: number) => `${chosen} of ${total} chosen`;
