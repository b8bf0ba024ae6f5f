import sharp from 'sharp';

/** A GPS position in EXIF, as a phone writes it: the served files must never carry it. */
const GPS_EXIF = {
  IFD0: { Make: 'Fixture', Model: 'Phone 1' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2400/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 300/100',
  },
};

/**
 * A JPEG photo of blurred noise over a colour (grain like a photo's, not the pure noise no
 * encoder can shrink), with GPS EXIF and an EXIF orientation (6: the pixels are
 * stored turned, and the picture is `height` wide once upright).
 */
export async function photo(
  width: number,
  height: number,
  options: { orientation?: number; background?: string } = {},
): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: options.background ?? '#3a7a5a',
      noise: { type: 'gaussian', mean: 110, sigma: 30 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(noise)
    .blur(1.5)
    .withExif(GPS_EXIF)
    .withMetadata({ orientation: options.orientation ?? 1 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A PNG whose left half is transparent. */
export async function transparentPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const opaque = i % width >= width / 2;
    pixels.set([200, 40, 40, opaque ? 255 : 0], i * 4);
  }
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** True when EXIF data holds a pointer to a GPS block (tag 0x8825, either byte order). */
export function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));
}

/**
 * A PNG that claims `width`×`height` pixels in its header and holds almost none: a
 * decompression bomb, as the import sees it before decoding.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
