// Reads a plancert Hugging Face export as datasets.load_dataset(dir) finds
// it, with readers that share no code with plancert: the dataset card's
// YAML front matter (yaml), and every parquet file it names (hyparquet).
// Usage: node check.mjs EXPORT_DIR SUITE.jsonl
// Exits 1 with one line per problem when the export is not what the card
// says or does not hold the suite's records.
import { readFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { asyncBufferFromFile, parquetMetadataAsync, parquetSchema, parquetReadObjects } from 'hyparquet'

const [dir, suitePath] = process.argv.slice(2)
if (!dir || !suitePath) {
  console.error('usage: node check.mjs EXPORT_DIR SUITE.jsonl')
  process.exit(2)
}
const problems = []
const fail = (msg) => problems.push(msg)

const card = readFileSync(join(dir, 'README.md'), 'utf8')
const m = card.match(/^---\n([\s\S]*?)\n---\n/)
if (!m) {
  console.error(`${dir}/README.md: no YAML front matter`)
  process.exit(1)
}
const meta = parse(m[1])
for (const key of ['license', 'configs', 'dataset_info']) {
  if (!(key in meta)) fail(`README.md: no "${key}" in the front matter`)
}

// The suite, by id: each exported row must be one of its records, whole.
const suite = new Map()
readFileSync(suitePath, 'utf8').replace(/^\uFEFF/, '').split('\n').forEach((line, index) => {
  if (line.trim() === '') return
  const rec = JSON.parse(line)
  suite.set(rec.id, { rec, line, index })
})

// The columns hyparquet reads, compared with the card's features.
const dtypeOf = (el) => {
  if (el.type === 'BYTE_ARRAY' && (el.converted_type === 'UTF8' || el.logical_type?.type === 'STRING')) return 'string'
  if (el.type === 'INT64') return 'int64'
  if (el.type === 'INT32') return 'int32'
  if (el.type === 'DOUBLE') return 'float64'
  if (el.type === 'BOOLEAN') return 'bool'
  return `${el.type}/${el.converted_type}`
}
const featureOf = (node) => {
  const el = node.element
  if (!node.children.length) return { name: el.name, dtype: dtypeOf(el) }
  if (el.converted_type === 'LIST' || el.logical_type?.type === 'LIST') {
    const item = node.children[0].children[0]
    return { name: el.name, list: item.children.map(featureOf) }
  }
  return { name: el.name, struct: node.children.map(featureOf) }
}
const want = JSON.stringify(meta.dataset_info?.features ?? [])

const seen = new Set()
const splits = new Map((meta.dataset_info?.splits ?? []).map((s) => [s.name, s]))
for (const config of meta.configs ?? []) {
  for (const df of config.data_files ?? []) {
    const path = join(dir, df.path)
    if (!existsSync(path)) {
      fail(`configs ${config.config_name} split ${df.split}: ${df.path} does not exist`)
      continue
    }
    const file = await asyncBufferFromFile(path)
    const md = await parquetMetadataAsync(file)
    const got = JSON.stringify(parquetSchema(md).children.map(featureOf))
    if (got !== want) fail(`${df.path}: columns ${got}, the card says ${want}`)
    const rows = await parquetReadObjects({ file })
    const split = splits.get(df.split)
    if (!split) fail(`${df.path}: split ${df.split} is not in dataset_info.splits`)
    else if (split.num_examples !== rows.length) fail(`${df.path}: ${rows.length} rows, the card says ${split.num_examples}`)
    rows.forEach((row, i) => {
      const at = `${df.path} row ${i}`
      const s = suite.get(row.id)
      if (!s) return fail(`${at}: id ${row.id} is not in ${suitePath}`)
      if (seen.has(row.id)) fail(`${at}: id ${row.id} exported twice`)
      seen.add(row.id)
      // The record column is the suite's record; the other columns are its fields.
      if (row.record !== s.line) fail(`${at}: column record is not line ${s.index + 1} of ${suitePath} as it stands`)
      for (const k of ['hash', 'family', 'task', 'subtask']) {
        if (row[k] !== s.rec[k]) fail(`${at}: ${k} is ${JSON.stringify(row[k])}, the record has ${JSON.stringify(s.rec[k])}`)
      }
      if (row.status !== s.rec.certificate?.status) fail(`${at}: status is ${row.status}, the certificate has ${s.rec.certificate?.status}`)
      if (Number(row.level) !== s.rec.level) fail(`${at}: level is ${row.level}, the record has ${s.rec.level}`)
      if (Number(row.index) !== s.index) fail(`${at}: index is ${row.index}, the record is line ${s.index + 1} (index ${s.index})`)
      const msgs = row.prompt
      if (!Array.isArray(msgs) || msgs.length !== 1 || msgs[0].role !== 'user' || msgs[0].content !== s.rec.prompt) fail(`${at}: prompt is not [{role: user, content: the record's prompt}]`)
    })
  }
}
if (seen.size !== suite.size) fail(`${seen.size} of the suite's ${suite.size} records exported`)
if (problems.length) {
  for (const p of problems) console.error(`hfcheck: ${p}`)
  process.exit(1)
}
console.log(`hfcheck: ${dir}: ${seen.size} rows in ${splits.size} splits read with hyparquet; columns, counts and records match the card and ${suitePath}`)
