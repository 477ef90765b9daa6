// The ods-ts tool version (part of every cache key).
export const VERSION = '0.1.0';
