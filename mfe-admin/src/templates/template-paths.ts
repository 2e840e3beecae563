/** The addresses of the template screens. */
export const TEMPLATES_LIST_PATH = '/admin/template/list';
export const ADD_TEMPLATE_PATH = '/admin/template/add';
export const editTemplatePath = (id: string) => `/admin/template/edit/${encodeURIComponent(id)}`;
