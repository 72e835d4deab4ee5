// The app's routes. The table itself lives in #domain/paths because the access rules
// and the features need it too, and the lint zones forbid them to import app/.
export { isPublicPath, normalizePath, paths } from '#domain/paths';
