// Production entry: the server bundle (built from server/app.ts by `npm run build`) holds the
// Express shell and the React Router app together. NODE_ENV must be set before React loads.

// npm scripts run the Node 24 that `npm ci` installs (node_modules/.bin/node); a direct
// `node server.js` on an older system Node would otherwise die in better-sqlite3 with a bare
// segmentation fault. Stop before loading anything, and say what to do.
const [major] = process.versions.node.split(".").map(Number);
if (major < 24) {
  process.stderr.write(
    `Lomda needs Node.js 24 or newer; this is Node.js ${process.versions.node}.\n` +
      "Start it with `npm start` (or `npm run serve`): npm scripts use the Node 24 that `npm ci` installs.\n" +
      "Or run ./node_modules/.bin/node server.js\n",
  );
  process.exit(1);
}

process.env.NODE_ENV ??= "production";
const { main } = await import("./build/server/index.js");

await main(process.argv.slice(2));
