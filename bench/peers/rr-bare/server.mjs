// A bare peer's server: Express 5 + compression + @react-router/express, as Lomda's shell uses them.
// Serves the built app of this folder, or of the peer folder given as the first argument
// (bench/peers/rr-markup).
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// React's development build is about twice as slow: a peer measured that way flatters Lomda.
if (process.env.NODE_ENV !== "production") throw new Error("start the peer with NODE_ENV=production");

const folder = process.argv[2] ? pathToFileURL(`${resolve(process.argv[2])}/`) : new URL("./", import.meta.url);
const build = await import(new URL("build/server/index.js", folder).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(new URL("build/client/assets", folder).pathname, { immutable: true, maxAge: "1y" }));
app.all("/{*splat}", createRequestHandler({ build }));
const port = Number(process.env.PORT ?? 3401);
app.listen(port, "127.0.0.1", () => console.log(`bare React Router peer on ${port}`));
