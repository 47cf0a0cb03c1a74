/** Paths of the customer area's hidden pages (menu entries of spec 001 section 2.4). */
export const doctorPath = (id: number, name: string) => `/customer/businessRecord/${id}/${encodeURIComponent(name)}`;
export const hospitalPath = (id: number, name: string) => `/customer/hospitalDetail/${id}/${encodeURIComponent(name)}`;
