// Imports every generator module so that each registers itself with the registry.
export {};
