/** 5 MB, as the spec says: 5242880 bytes is accepted, one byte more is not. */
export const MAX_UPLOAD_BYTES = 5_242_880;
