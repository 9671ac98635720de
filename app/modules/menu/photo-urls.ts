// A menu photo's public address, for the server and the screens alike (no server code here).
// The hash of the image is part of it, so the file behind an address never changes and may
// be cached for a year; a new photo gets a new address.

export type PhotoSize = "thumb" | "large";

export interface PhotoRef {
  itemId: number;
  hash: string;
}

export const menuPhotoUrl = ({ itemId, hash }: PhotoRef, size: PhotoSize) => `/media/menu/${itemId}/${hash}/${size}`;

/** Pixel sizes of the two WebP files (longest side; the thumbnail is a square). */
export const PHOTO_SIZES = { thumb: 160, large: 640 } as const;
