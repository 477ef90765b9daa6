/// <reference types="vite/client" />
/// <reference types="@ods-ts/vite-plugin-ods/client" />

interface Window {
  /** Set once when the page boots: survives HMR updates, not full reloads (the e2e test reads it). */
  __dialectDocs?: { bootedAt: number; revision: number };
}
