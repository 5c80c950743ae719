import sharp from 'sharp';

/**
 * Real pictures drawn by sharp for tests and the bench: a "site photo" of a sky gradient, a
 * building-like block and a seeded speckle, so every seed gives a different picture with
 * structure a perceptual hash can see.
 */
export async function sitePhoto(
  seed: number,
  options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp' } = {},
): Promise<Buffer> {
  const width = options.width ?? 800;
  const height = options.height ?? 600;
  const random = mulberry32(seed);
  const shapes = Array.from({ length: 6 }, () => {
    const x = Math.floor(random() * width * 0.8);
    const y = Math.floor(random() * height * 0.8);
    const w = Math.floor(width * (0.1 + random() * 0.3));
    const h = Math.floor(height * (0.1 + random() * 0.3));
    const shade = Math.floor(random() * 255);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="rgb(${shade},${255 - shade},${(shade * 7) % 255})"/>`;
  }).join('');
  const angle = Math.floor(random() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="rgb(${Math.floor(random() * 255)},90,200)"/>
      <stop offset="1" stop-color="rgb(240,${Math.floor(random() * 255)},40)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes}
    <circle cx="${Math.floor(random() * width)}" cy="${Math.floor(random() * height)}" r="${Math.floor(height / 6)}" fill="#202020"/>
  </svg>`;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = Math.floor(random() * 40);
  const picture = sharp(Buffer.from(svg)).composite([
    { input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' },
  ]);
  const format = options.format ?? 'jpeg';
  if (format === 'png') return picture.png().toBuffer();
  if (format === 'webp') return picture.webp({ quality: 90 }).toBuffer();
  return picture.jpeg({ quality: 92 }).toBuffer();
}

/** A small seeded generator, so a test's pictures are the same on every run. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
