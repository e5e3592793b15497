// Material's own search worker (the file the site ships) run in Node, DOM-free: it loads a
// built language index as the browser's worker does, with the same lunr scripts, then
// answers queries. Usage: node material_search.mjs <site dir> <queries.json>, where
// queries.json maps an index's path in the site to the queries to ask it; prints
// {"results": {path: {query: [locations found]}}}.
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";

const [site, queriesFile] = process.argv.slice(2);
const workers = path.join(site, "assets", "javascripts", "workers");
const worker = fs.readdirSync(workers).find((name) => /^search\..*\.min\.js$/.test(name));
const lunrDir = path.join(site, "assets", "javascripts", "lunr");
const SETUP = 0;
const QUERY = 2;

const results = {};
for (const [indexPath, queries] of Object.entries(JSON.parse(fs.readFileSync(queriesFile, "utf8")))) {
  // A fresh context per index, as each page gets its own worker.
  let handler = null;
  const answers = [];
  const context = {
    console: { warn: () => {}, log: () => {}, error: () => {} },
    addEventListener: (type, fn) => { handler = fn; },
    postMessage: (message) => answers.push(message),
    importScripts: (...urls) => {
      for (const url of urls)
        vm.runInContext(fs.readFileSync(path.join(lunrDir, url.replace(/^\.\.\/lunr\//, "")), "utf8"), context);
    },
  };
  context.self = context;
  vm.createContext(context);
  vm.runInContext(fs.readFileSync(path.join(workers, worker), "utf8"), context);
  const index = JSON.parse(fs.readFileSync(path.join(site, indexPath), "utf8"));
  await handler({ data: { type: SETUP, data: { ...index, options: { suggest: false } } } });
  results[indexPath] = {};
  for (const query of queries) {
    answers.length = 0;
    await handler({ data: { type: QUERY, data: query } });
    results[indexPath][query] = (answers[0].data.items || []).flat().map((item) => item.location);
  }
}
console.log(JSON.stringify({ results }));
