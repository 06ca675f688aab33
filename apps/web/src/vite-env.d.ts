/// <reference types="vite/client" />
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
interface ImportMetaEnv {
  readonly VITE_SOURCE: 'bookings' | 'my-account' | 'online-joining' | 'foh';
}
