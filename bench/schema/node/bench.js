// The Node rows of bench/schema, printed as Go benchmark lines so that
// benchstat and cmd/report read them with the Go rows:
//   ValidateBytes/<instance>/ajv   JSON.parse + ajv validate
//   ValidateValue/<instance>/ajv   ajv validate of an already parsed object
//   Shape/<instance>/fast-json-stringify   serialise an already parsed object
// Every row's result is checked before it is timed. Usage:
//   node bench.js [count [seconds]]
'use strict';
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const Ajv2020 = require('ajv/dist/2020');
const fastJson = require('fast-json-stringify');

const here = __dirname;
const schema = JSON.parse(fs.readFileSync(path.join(here, '../../../schema/testdata/order.schema.json'), 'utf8'));
const instances = [
  ['1k', 'order-1k.json', true],
  ['100k', 'order-100k.json', true],
  ['invalid', 'order-invalid.json', false],
];
const count = Number(process.argv[2] || 6);
const seconds = Number(process.argv[3] || 1);

// Formats are annotations, as in graft's default (and santhosh-tekuri's).
const ajv = new Ajv2020({ validateFormats: false });
const validate = ajv.compile(schema);
const stringify = fastJson(schema);

// run times fn like a Go benchmark: grow n until a run takes the given
// seconds (1 by default). Beside the wall time it reports the process's
// CPU time per op, as the Go rows do.
function bench(name, bytes, fn) {
  for (let i = 0; i < 1000; i++) fn(); // warm up the JIT
  for (let c = 0; c < count; c++) {
    let n = 1;
    for (;;) {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < n; i++) fn();
      const ns = Number(process.hrtime.bigint() - t0);
      const c = process.cpuUsage(c0); // microseconds of the whole process
      if (ns >= seconds * 1e9 || n >= 1e9) {
        const per = ns / n;
        const mbs = (bytes / per) * 1e3;
        const cpu = ((c.user + c.system) * 1e3) / n;
        console.log(`Benchmark${name}-1\t${n}\t${per.toFixed(1)} ns/op\t${mbs.toFixed(2)} MB/s\t${cpu.toFixed(1)} cpu-ns/op`);
        break;
      }
      n = Math.max(n + 1, Math.min(n * 100, Math.ceil((n * seconds * 1.2e9) / Math.max(ns, 1))));
    }
  }
}

console.log(`node: ${process.version}`);
console.log(`ajv: ${require('ajv/package.json').version}, fast-json-stringify: ${require('fast-json-stringify/package.json').version}`);
for (const [name, file, valid] of instances) {
  const text = fs.readFileSync(path.join(here, '../testdata', file), 'utf8');
  const bytes = Buffer.byteLength(text);
  const obj = JSON.parse(text);
  assert.strictEqual(validate(JSON.parse(text)), valid, `ajv on ${name}`);
  bench(`ValidateBytes/${name}/ajv`, bytes, () => {
    if (validate(JSON.parse(text)) !== valid) throw new Error('wrong result');
  });
  bench(`ValidateValue/${name}/ajv`, bytes, () => {
    if (validate(obj) !== valid) throw new Error('wrong result');
  });
  if (valid) {
    // Every member of the valid instances is declared, so the serialised
    // document must hold the same value.
    assert.deepStrictEqual(JSON.parse(stringify(obj)), obj, `fast-json-stringify on ${name}`);
    bench(`Shape/${name}/fast-json-stringify`, bytes, () => {
      if (stringify(obj).length === 0) throw new Error('empty output');
    });
  }
}
