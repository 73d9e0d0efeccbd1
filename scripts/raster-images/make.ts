// `npm run raster-images`: the footer's gallery, which every page shows, is served as WebP, drawn
// here by Chromium (the one the browser tests use) from the SVG sources beside this file. Why not the
// SVG itself: a browser builds a whole document for each SVG picture, on the page's main thread (on a
// cold load of a lesson's page here, the six and the poster took 35–37 ms; 10 ms with the six as
// WebP), while a WebP is decoded off it (decision 0065). Writes the .webp into public/images/ (the
// same bytes each time); run it again after editing a source.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_PATH } from "../chromium-path.ts";

const SOURCES = import.meta.dirname;
const IMAGES = resolve(import.meta.dirname, "../../public/images");
/** Each picture at twice the size it is drawn at (the tiles are 80 px): they are decoration, and
 * every byte of them shares a phone's line with the first screen's picture (decision 0065). */
const PICTURES = [1, 2, 3, 4, 5, 6].map((n) => ({ name: `gallery-${n}`, width: 160, height: 160, quality: 0.8 }));

// The browser tests' Chromium (either build draws the same bytes).
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
const page = await browser.newPage();
for (const { name, width, height, quality } of PICTURES) {
  const svg = readFileSync(join(SOURCES, `${name}.svg`), "utf8");
  const dataUrl: string = await page.evaluate(
    async ({ svg, width, height, quality }) => {
      const image = new Image(width, height);
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d")!.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL("image/webp", quality);
    },
    { svg, width, height, quality },
  );
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  writeFileSync(join(IMAGES, `${name}.webp`), bytes);
  console.log(`${name}.webp ${width}×${height} ${bytes.length} bytes`);
}
await browser.close();
