// Runs ftfy-js (the TypeScript port of python-ftfy) for bench/cmd/mojipeers,
// in one process per input set. NODE_PATH finds the module.
//
//   node ftfy.js version  prints {"node", "ftfy"}
//   node ftfy.js lines    reads JSON strings, one a line; writes, one a line,
//                         [fix_text(s, encodingOnly), fix_encoding(s)]
//   node ftfy.js docs     the same for whole documents, fix_encoding taken
//                         line by line (fix_text splits lines itself)
//   node ftfy.js text     the same for whole documents, fix_text only (the
//                         second string of each answer is empty)
//   node ftfy.js speed    reads {"name", "text", "rounds", "min_ms"} lines;
//                         writes {"name", "bytes", "best_s", "cpu_s", "runs"}
//                         for fix_text(text, encodingOnly)
'use strict';
const fs = require('fs');
const path = require('path');
const ftfy = require('ftfy-js');

// Only the encoding repairs, at their defaults (fix_encoding,
// restore_byte_a0, replace_lossy_sequences, decode_inconsistent_utf8,
// fix_c1_controls); every cosmetic fix off, so that a change is a repair of
// an encoding.
const encodingOnly = new ftfy.TextFixerConfig({
  unescape_html: false,
  remove_terminal_escapes: false,
  fix_latin_ligatures: false,
  fix_character_width: false,
  uncurl_quotes: false,
  fix_line_breaks: false,
  fix_surrogates: false,
  remove_control_chars: false,
  normalization: null,
  explain: false,
});

function inputs() {
  return fs.readFileSync(0, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l));
}

function guard(f) {
  try {
    return f();
  } catch (e) {
    return '\u0000error:' + e.name;
  }
}

const mode = process.argv[2];
const out = [];
switch (mode) {
  case 'version': {
    let v = '';
    for (const dir of (process.env.NODE_PATH || '').split(path.delimiter)) {
      try {
        v = JSON.parse(fs.readFileSync(path.join(dir, 'ftfy-js', 'package.json'), 'utf8')).version;
        break;
      } catch (e) {
        // not in this folder
      }
    }
    out.push(JSON.stringify({ node: process.version, ftfy: v, config: encodingOnly }));
    break;
  }
  case 'lines':
    for (const s of inputs()) {
      out.push(JSON.stringify([guard(() => ftfy.fix_text(s, encodingOnly)), guard(() => ftfy.fix_encoding(s))]));
    }
    break;
  case 'docs':
    for (const s of inputs()) {
      const byLine = s.split('\n').map((l) => guard(() => ftfy.fix_encoding(l))).join('\n');
      out.push(JSON.stringify([guard(() => ftfy.fix_text(s, encodingOnly)), byLine]));
    }
    break;
  case 'text':
    for (const s of inputs()) {
      out.push(JSON.stringify([guard(() => ftfy.fix_text(s, encodingOnly)), '']));
    }
    break;
  case 'speed':
    for (const job of inputs()) {
      const bytes = Buffer.byteLength(job.text, 'utf8');
      let best = Infinity;
      let runs = 0;
      const c0 = process.cpuUsage();
      for (let r = 0; r < job.rounds; r++) {
        const start = process.hrtime.bigint();
        let n = 0;
        let elapsed = 0;
        do {
          ftfy.fix_text(job.text, encodingOnly);
          n++;
          elapsed = Number(process.hrtime.bigint() - start) / 1e9;
        } while (elapsed * 1000 < job.min_ms);
        best = Math.min(best, elapsed / n);
        runs += n;
      }
      const c = process.cpuUsage(c0);
      out.push(JSON.stringify({ name: job.name, bytes, best_s: best, cpu_s: (c.user + c.system) / 1e6, runs }));
    }
    break;
  default:
    process.stderr.write('usage: node ftfy.js version|lines|docs|text|speed\n');
    process.exit(2);
}
process.stdout.write(out.join('\n') + '\n');
