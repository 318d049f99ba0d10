// Writes web/public/favicon.ico from web/public/favicon.svg: an ICO container holding 32x32 and 16x16 PNGs
// (browsers ask for /favicon.ico on their own, whatever the page links). Run: node scripts/make-favicon.js
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const sharp = require('sharp');

async function main() {
  const svg = readFileSync(join(__dirname, '../web/public/favicon.svg'));
  const images = await Promise.all([32, 16].map(async (size) => ({ size, png: await sharp(svg).resize(size, size).png().toBuffer() })));
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size, 0);
    entry.writeUInt8(size, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  writeFileSync(join(__dirname, '../web/public/favicon.ico'), Buffer.concat([header, ...entries, ...images.map((i) => i.png)]));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
