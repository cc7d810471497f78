/** This SDK's version, sent in the `Yupana-Client` header. Kept equal to package.json by a test. */
export const VERSION = '1.0.0';
