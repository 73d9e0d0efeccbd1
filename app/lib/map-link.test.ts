import { describe, expect, it } from "vitest";
import { mapLinkFor } from "./map-link";

describe("mapLinkFor", () => {
  it("opens an OpenStreetMap embed's marker on openstreetmap.org", () => {
    expect(
      mapLinkFor(
        "https://www.openstreetmap.org/export/embed.html?bbox=34.7700%2C32.0600%2C34.8000%2C32.0900&layer=mapnik&marker=32.0750%2C34.7850",
      ),
    ).toBe("https://www.openstreetmap.org/?mlat=32.075&mlon=34.785#map=16/32.075/34.785");
  });

  it("keeps any other address as it is", () => {
    const google = "https://www.google.com/maps/embed?pb=!1m18!1m12";
    expect(mapLinkFor(google)).toBe(google);
    expect(mapLinkFor("https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4")).toBe(
      "https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4",
    );
    expect(mapLinkFor("https://www.openstreetmap.org/export/embed.html?marker=abc,1")).toBe(
      "https://www.openstreetmap.org/export/embed.html?marker=abc,1",
    );
  });
});
