// The live documentation page of the example `toy` dialect. Both imports below are made by
// @ods-ts/vite-plugin-ods from ToyOps.td: the records (for the ops table) and the output of
// `--gen-dialect-doc --dialect=toy` (the Markdown body). Saving the .td, or a file it includes,
// updates them through HMR: the page re-renders in place and highlights what changed.
import './style.css';
import records from '../../dialect/include/Toy/ToyOps.td?ods=records';
import doc from '../../dialect/include/Toy/ToyOps.td?ods=dialect-doc&dialect=toy&optional';
import { docBody, docFromRecords, opAnchor, opsFromDoc, renderMarkdown, signature } from './markdown.js';
import { RecordsView, opFingerprint, type DialectInfo, type OpInfo } from './model.js';

/** Where the dialect's files named by the records' locations live (for "open in editor"). */
const SOURCE_DIR = '../dialect/include/Toy/';
const DIALECT = 'toy';

interface State {
  records: OdsRecords;
  doc: string | null;
  /** HMR updates received. */
  revision: number;
  /** Fingerprints of the ops last rendered, by op name. */
  shown: Map<string, string> | undefined;
  /** What the last update that changed something changed (kept through no-op updates). */
  marks: Marks;
}

const state: State = { records, doc, revision: 0, shown: undefined, marks: { added: new Set(), changed: new Set(), removed: [] } };
window.__dialectDocs = { bootedAt: Date.now(), revision: 0 };

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** Escaped text with `code` spans. */
const inline = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');
const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

function locLink(loc: string): string {
  const [file, line] = loc.split(':');
  const path = file && /^Toy\w*\.td$/.test(file) ? SOURCE_DIR + file : undefined;
  if (!path || !import.meta.env.DEV) return `<span class="loc">${escapeHtml(loc)}</span>`;
  return `<a class="loc" href="#" data-open="${escapeHtml(`${path}:${line ?? 1}`)}" title="Open in your editor">${escapeHtml(loc)}</a>`;
}

function chips(items: readonly string[], cls: string): string {
  return items.map((t) => `<span class="chip ${cls}">${escapeHtml(t)}</span>`).join('');
}

function renderHero(d: DialectInfo): string {
  const flags = [
    `<span class="badge"><b>${d.ops.length}</b> op${d.ops.length === 1 ? '' : 's'}</span>`,
    `<span class="badge mono">${escapeHtml(d.cppNamespace)}</span>`,
    `<span class="badge">defined at ${locLink(d.loc)}</span>`,
    `<span class="badge">${state.doc !== null ? 'body: <code>--gen-dialect-doc</code>' : 'body: from records (<code>dialect-doc</code> is not in this build of ods-ts)'}</span>`,
  ];
  return `
    <p class="eyebrow">MLIR dialect</p>
    <h1><code>${escapeHtml(d.name)}</code> dialect</h1>
    <p class="summary">${inline(capitalize(d.summary))}</p>
    <div class="badges">${flags.join('')}</div>
    <div class="markdown description">${renderMarkdown(d.description)}</div>`;
}

function renderTable(d: DialectInfo, marks: Marks): string {
  const rows = d.ops
    .map((op) => {
      const mark = marks.added.has(op.opName) ? 'added' : marks.changed.has(op.opName) ? 'changed' : '';
      const hooks = [op.hasVerifier && 'verifier', op.hasFolder && 'folder', op.hasCanonicalizer && 'canonicalizer'].filter(
        (x): x is string => typeof x === 'string',
      );
      return `
      <tr data-op="${escapeHtml(op.opName)}" class="${mark}">
        <td class="name"><a href="#${opAnchor(op.opName)}"><code>${escapeHtml(op.opName)}</code></a>${mark === 'added' ? '<span class="new">new</span>' : ''}
          <div class="cpp">${escapeHtml(op.cppClass)}</div></td>
        <td class="summary">${inline(capitalize(op.summary))}</td>
        <td class="sig"><code>${escapeHtml(signature(op))}</code>${
          op.regions.length ? `<div class="extra">${op.regions.length} region${op.regions.length > 1 ? 's' : ''}</div>` : ''
        }${op.successors.length ? `<div class="extra">${op.successors.length} successor${op.successors.length > 1 ? 's' : ''}</div>` : ''}</td>
        <td class="traits">${chips(op.traits, 'trait')}${chips(hooks, 'hook')}</td>
        <td class="where">${locLink(op.loc)}</td>
      </tr>`;
    })
    .join('');
  return `
    <table id="ops-table">
      <thead><tr><th>Operation</th><th>Summary</th><th>Signature</th><th>Traits</th><th>Source</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>`;
}

function renderNav(d: DialectInfo, marks: Marks): string {
  return d.ops
    .map(
      (op) =>
        `<li data-op="${escapeHtml(op.opName)}" class="${marks.added.has(op.opName) || marks.changed.has(op.opName) ? 'changed' : ''}"><a href="#${opAnchor(op.opName)}"><code>${escapeHtml(op.opName)}</code></a></li>`,
    )
    .join('');
}

/** Wraps each entry of the rendered doc (an h3 up to the next heading of level <= 3) in a card. */
function wrapSections(container: HTMLElement, marks: Marks): void {
  for (const h of [...container.querySelectorAll<HTMLHeadingElement>('h3')]) {
    const card = document.createElement('section');
    const op = h.dataset['op'];
    card.className = op ? 'op-card' : 'op-card def-card';
    if (op) {
      card.dataset['op'] = op;
      if (marks.added.has(op)) card.classList.add('added');
      else if (marks.changed.has(op)) card.classList.add('changed');
    }
    h.before(card);
    let node: ChildNode | null = h;
    while (node && !(node !== h && node instanceof HTMLHeadingElement && Number(node.tagName[1]) <= 3)) {
      const next: ChildNode | null = node.nextSibling;
      card.append(node);
      node = next;
    }
  }
}

/** The doc's other sections (Attributes, Types, Enums...) and their entries, for the sidebar. */
function renderDocNav(docEl: HTMLElement): string {
  let html = '';
  for (const h2 of docEl.querySelectorAll<HTMLHeadingElement>('h2')) {
    if (/^operations$/i.test(h2.textContent ?? '')) continue;
    const items: string[] = [];
    for (let n = h2.nextElementSibling; n && n.tagName !== 'H2'; n = n.nextElementSibling) {
      const h3 = n.tagName === 'H3' ? n : n.querySelector('h3');
      if (h3?.id) items.push(`<li><a href="#${h3.id}"><code>${escapeHtml(h3.textContent ?? '')}</code></a></li>`);
    }
    html += `<div class="nav-title"><a href="#${h2.id}">${escapeHtml(h2.textContent ?? '')}</a></div><ul class="nav-list">${items.join('')}</ul>`;
  }
  return html;
}

interface Marks {
  added: Set<string>;
  changed: Set<string>;
  removed: string[];
}

function diff(ops: readonly OpInfo[]): Marks {
  const marks: Marks = { added: new Set(), changed: new Set(), removed: [] };
  const now = new Map(ops.map((op) => [op.opName, opFingerprint(op)]));
  if (state.shown) {
    for (const [name, fp] of now) {
      const before = state.shown.get(name);
      if (before === undefined) marks.added.add(name);
      else if (before !== fp) marks.changed.add(name);
    }
    for (const name of state.shown.keys()) if (!now.has(name)) marks.removed.push(name);
  }
  state.shown = now;
  return marks;
}

function toast(marks: Marks): void {
  const parts: string[] = [];
  const list = (s: Iterable<string>) => [...s].map((n) => `<code>${escapeHtml(n)}</code>`).join(', ');
  if (marks.added.size) parts.push(`added ${list(marks.added)}`);
  if (marks.changed.size) parts.push(`changed ${list(marks.changed)}`);
  if (marks.removed.length) parts.push(`removed ${list(marks.removed)}`);
  const el = $('#toast');
  el.innerHTML = `<b>ToyOps.td</b> updated — ${parts.length ? parts.join('; ') : 'no op changed'}`;
  el.classList.remove('show');
  void el.offsetWidth; // restart the animation
  el.classList.add('show');
}

function applyFilter(): void {
  const q = $<HTMLInputElement>('#filter').value.trim().toLowerCase();
  for (const el of document.querySelectorAll<HTMLElement>('[data-op]')) {
    if (el.tagName === 'H3') continue;
    const text = el.tagName === 'TR' || el.tagName === 'SECTION' ? el.textContent ?? '' : el.dataset['op'] ?? '';
    el.hidden = q !== '' && !text.toLowerCase().includes(q);
  }
}

function render(): void {
  const view = new RecordsView(state.records);
  const dialects = view.dialects();
  const d = dialects.find((x) => x.name === DIALECT) ?? dialects[0];
  if (!d) {
    $('#content').innerHTML = '<p class="empty">No dialect in ToyOps.td.</p>';
    return;
  }
  // A save that changes no op (a comment, the same text saved twice) keeps the last highlights.
  const fresh = diff(d.ops);
  const changed = fresh.added.size > 0 || fresh.changed.size > 0 || fresh.removed.length > 0;
  if (changed) state.marks = fresh;
  const marks = state.marks;
  $('#hero').innerHTML = renderHero(d);
  $('#overview-body').innerHTML = renderTable(d, marks);
  $('#op-nav').innerHTML = renderNav(d, marks);
  const docEl = $('#doc');
  docEl.innerHTML = renderMarkdown(state.doc !== null ? docBody(state.doc) : docFromRecords(d));
  wrapSections(docEl, marks);
  $('#doc-nav').innerHTML = renderDocNav(docEl);
  // The generated doc and the records must list the same ops.
  if (state.doc !== null) {
    const inDoc = new Set(opsFromDoc(state.doc).map((o) => o.opName));
    const missing = d.ops.filter((o) => !inDoc.has(o.opName)).map((o) => o.opName);
    $('#doc-note').textContent = missing.length ? `Not in the generated doc: ${missing.join(', ')}` : '';
  }
  applyFilter();
  document.title = `${d.name} dialect · ods-ts`;
  document.documentElement.dataset['revision'] = String(state.revision);
  window.__dialectDocs = { ...window.__dialectDocs!, revision: state.revision };
  if (state.revision > 0) toast(changed ? marks : { added: new Set(), changed: new Set(), removed: [] });
}

$('#filter').addEventListener('input', applyFilter);
document.addEventListener('click', (e) => {
  const a = (e.target as HTMLElement).closest<HTMLAnchorElement>('a[data-open]');
  if (!a) return;
  e.preventDefault();
  void fetch(`/__open-in-editor?file=${encodeURIComponent(a.dataset['open']!)}`);
});
render();

let renderQueued = false;
/** One save updates both modules; Vite calls the accept callback once for each: render once. */
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    state.revision++;
    render();
  });
}

if (import.meta.hot) {
  import.meta.hot.accept(
    ['../../dialect/include/Toy/ToyOps.td?ods=records', '../../dialect/include/Toy/ToyOps.td?ods=dialect-doc&dialect=toy&optional'],
    ([r, d]) => {
      if (r) state.records = (r as unknown as { default: OdsRecords }).default;
      if (d) state.doc = (d as unknown as { default: string | null }).default;
      scheduleRender();
    },
  );
  const live = $('#live');
  import.meta.hot.on('vite:ws:disconnect', () => live.classList.add('offline'));
  import.meta.hot.on('vite:ws:connect', () => live.classList.remove('offline'));
  import.meta.hot.on('vite:error', () => live.classList.add('error'));
  import.meta.hot.on('vite:beforeUpdate', () => live.classList.remove('error'));
} else {
  $('#live').hidden = true;
}
