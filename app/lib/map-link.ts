/**
 * The link under the contact page's map, for when the embedded map does not show (blocked frames,
 * a provider that is down, no third-party content): the same place on the map's own site. An
 * OpenStreetMap embed with a marker (the default MAP_EMBED_URL) becomes the map centred on that
 * marker; any other embed address is opened as it is, in its own tab.
 */
export function mapLinkFor(embedUrl: string): string {
  let url: URL;
  try {
    url = new URL(embedUrl);
  } catch {
    return embedUrl;
  }
  const marker = url.searchParams.get("marker")?.split(",");
  if (url.hostname === "www.openstreetmap.org" && url.pathname === "/export/embed.html" && marker?.length === 2) {
    const [lat, lon] = marker.map(Number);
    if (Number.isFinite(lat) && Number.isFinite(lon))
      return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  }
  return url.href;
}
