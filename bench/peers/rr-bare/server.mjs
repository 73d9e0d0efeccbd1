// The bare peer's server: Express 5 + compression + @react-router/express, as Lomda's shell uses them.
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const build = await import(new URL("./build/server/index.js", import.meta.url).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(
  "/assets",
  express.static(new URL("./build/client/assets", import.meta.url).pathname, { immutable: true, maxAge: "1y" }),
);
app.all("/{*splat}", createRequestHandler({ build }));
const port = Number(process.env.PORT ?? 3401);
app.listen(port, "127.0.0.1", () => console.log(`bare React Router peer on ${port}`));
