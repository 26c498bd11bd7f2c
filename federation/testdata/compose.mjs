// node compose.mjs OUT.graphql NAME=URL=FILE...
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { readFileSync, writeFileSync } from 'node:fs';
const [out, ...specs] = process.argv.slice(2);
const services = specs.map((s) => {
  const [name, url, file] = s.split('=');
  return { name, url, typeDefs: parse(readFileSync(file, 'utf8')) };
});
const result = composeServices(services);
if (result.errors && result.errors.length) {
  for (const e of result.errors) console.error(e.message);
  process.exit(1);
}
writeFileSync(out, result.supergraphSdl);
