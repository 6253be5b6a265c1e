// react-admin's CSV writer, which ships without types.
declare module 'jsonexport/dist' {
  const jsonExport: (data: unknown, callback: (error: Error | null, csv: string) => void) => void;
  export default jsonExport;
}
