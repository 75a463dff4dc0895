// Lists the Arabic catalogue's untranslated messages, or fills them from a JSON map
// { msgid: msgstr } (node scripts/po-missing.mjs [fill.json]). A maintenance aid for
// `npm run i18n:extract`; it edits web/src/locales/ar.po in place.
import { readFileSync, writeFileSync } from 'node:fs';

const path = 'web/src/locales/ar.po';
const text = readFileSync(path, 'utf8');
const blocks = text.split('\n\n');
const fill = process.argv[2] ? JSON.parse(readFileSync(process.argv[2], 'utf8')) : null;
const unquote = (s) => JSON.parse(s);
let missing = 0;
const out = blocks.map((block) => {
  const id = block.match(/^msgid (".*")$/m);
  const str = block.match(/^msgstr (".*")$/m);
  if (!id || !str || unquote(id[1]) === '' || unquote(str[1]) !== '') return block;
  const msgid = unquote(id[1]);
  if (fill && fill[msgid] !== undefined)
    return block.replace(/^msgstr ".*"$/m, `msgstr ${JSON.stringify(fill[msgid])}`);
  missing += 1;
  if (!fill) console.log(JSON.stringify(msgid));
  return block;
});
if (fill) writeFileSync(path, out.join('\n\n'));
console.error(`${missing} untranslated`);
