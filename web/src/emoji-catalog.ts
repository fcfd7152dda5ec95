// The emoji catalog's chunk (a real module, so that the chunk has a plain name the server serves).
export { CATEGORIES, ENTRIES } from 'virtual:emoji-catalog';
