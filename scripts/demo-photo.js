// Makes content/images/meadow-at-dusk.jpg, the demo content's photograph: 4000×3000, about
// 3.5 MB, with the EXIF a phone writes (camera, date, GPS position). Generated rather than
// downloaded so that its licence is the project's: a sky, hills and grass from noise at several
// scales, detailed enough not to compress to nothing. Run: node scripts/demo-photo.js
import sharp from 'sharp';

const WIDTH = 4000;
const HEIGHT = 3000;

/** Noise of `cells` across, smoothed up to the photo's size: one octave of the texture. */
async function octave(cells, sigma) {
  const h = Math.round((cells * HEIGHT) / WIDTH);
  const small = await sharp({
    create: {
      width: cells,
      height: h,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .png()
    .toBuffer();
  // Light and shade only: noise in each channel apart would paint every colour everywhere.
  return sharp(small)
    .greyscale()
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

/** Sky above, hills in the middle, grass below, as an SVG of gradients. */
const scene =
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#2b3f74"/><stop offset="0.55" stop-color="#d9825b"/><stop offset="1" stop-color="#f3c98b"/>
    </linearGradient>
    <linearGradient id="grass" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#4d6b34"/><stop offset="1" stop-color="#1f3315"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <path d="M0 1500 C 700 1250 1300 1380 2000 1300 S 3300 1150 4000 1350 L 4000 3000 L 0 3000 Z" fill="#3b4f6a"/>
  <path d="M0 1750 C 900 1550 1700 1800 2600 1620 S 3600 1600 4000 1700 L 4000 3000 L 0 3000 Z" fill="url(#grass)"/>
  <circle cx="2900" cy="1050" r="110" fill="#ffe2a8" opacity="0.85"/>
</svg>`);

const layers = await Promise.all([
  octave(40, 40),
  octave(250, 30),
  octave(1400, 24),
  octave(4000, 10),
]);
const photo = await sharp(scene)
  .composite(layers.map((input) => ({ input, blend: 'soft-light' })))
  .withExif({
    IFD0: {
      Make: 'Postfolio',
      Model: 'Demo Camera',
      DateTime: '2026:05:09 19:42:10',
      Copyright: 'Postfolio demo content',
    },
    IFD3: {
      GPSLatitudeRef: 'N',
      GPSLatitude: '46/1 33/1 1234/100',
      GPSLongitudeRef: 'E',
      GPSLongitude: '7/1 58/1 3456/100',
    },
  })
  .jpeg({ quality: 93 })
  .toFile('content/images/meadow-at-dusk.jpg');
console.log(
  `content/images/meadow-at-dusk.jpg: ${photo.width}×${photo.height}, ${(photo.size / 1e6).toFixed(2)} MB`,
);
