// compressible ships no types, and its one function is all the server uses
// (server/respond.js): whether a Content-Type is worth compressing, or
// undefined when the type is unknown to its database.
declare module "compressible" {
  export default function compressible(type: string): boolean | undefined;
}
