// Reads file names from standard input, one a line, and prints
// jschardet's answer for each on its own line ("" when it has none), in
// one process so that start-up is paid once. NODE_PATH finds the module.
'use strict';
const fs = require('fs');
const jschardet = require('jschardet');
const names = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l !== '');
const out = [];
for (const name of names) {
  let enc = '';
  try {
    const r = jschardet.detect(fs.readFileSync(name));
    enc = (r && r.encoding) || '';
  } catch (e) {
    enc = 'error:' + e.name;
  }
  out.push(enc);
}
process.stdout.write(out.join('\n') + '\n');
