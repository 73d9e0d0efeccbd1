// Production entry: the server bundle (built from server/app.ts by `npm run build`) holds the
// Express shell and the React Router app together. NODE_ENV must be set before React loads.
process.env.NODE_ENV ??= "production";
const { main } = await import("./build/server/index.js");

await main(process.argv.slice(2));
