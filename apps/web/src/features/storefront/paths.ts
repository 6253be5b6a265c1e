/** The spec opens a course by its title: /product/{product_title}. */
export const coursePath = (title: string) => `/product/${encodeURIComponent(title)}`;
