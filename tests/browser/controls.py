"""What a finger and an eye meet on a page: every visible control's box, and the contrasts.

``audit(page)`` runs in the browser and returns one list of problems, each a sentence naming
the control (its classes and text) and the numbers, so a failing test says what to fix.
"""

from __future__ import annotations

MIN_BOX = 44  # CSS pixels, both ways
#: the boxes the style makes scroll sideways on purpose (a scorepad wider than its pane, 1989's paper chart and
#: the Chart screen's box of it, which scrolls both ways under its sticky headings, a game's picture on a phone,
#: kept at the size its words are read at)
SIDEWAYS = (".rf-pad-pane, .rf-scorepad, .rf89-sheet, .rf89-sheet-box > .widget-html-content, .rf-history .rf-chart, "
            ".mk-screen .widget-html-content:has(svg[viewBox]), "
            ".rf89 .widget-html-content:has(svg[viewBox])")
TEXT_CONTRAST = 4.5
#: CSS pixels: the smallest words on a page or in a picture (a legend, a title, a table's heading) read at arm's length
MIN_PICTURE_TEXT = 12
SELECTED_CONTRAST = 3.0

AUDIT_JS = r"""
([minBox, textContrast, selContrast, dark, SIDEWAYS, minText]) => {
  const problems = [];
  const W = window.innerWidth;
  const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const over = (top, under) => { const a = top[3]; return [0, 1, 2].map(i => top[i] * a + under[i] * (1 - a)).concat([1]); };
  // the colour behind an element: its own background blended over its ancestors'
  const background = (el) => { const layers = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }
    let col = [255, 255, 255, 1]; for (let i = layers.length - 1; i >= 0; i--) col = over(layers[i], col); return col; };
  const name = (el) => { const cls = (el.className && el.className.baseVal === undefined ? el.className : '').toString()
      .split(/\s+/).filter(c => c.startsWith('rf-') || c.startsWith('mod-') || c.startsWith('widget-')).slice(0, 3).join('.');
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${text}"`; };
  const shown = (el) => { if (!el.getClientRects().length) return false; const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0; };
  // inside a row made to scroll sideways (the players' chips on a phone, a wide scorepad): what
  // is off the screen there is a swipe away, not cut. A widget box that merely overflows is not one.
  const sideways = (el) => { for (let a = el; a && a !== document.body; a = a.parentElement) {
      if (a.matches(SIDEWAYS) && ['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true; } return false; };
  const controls = Array.from(document.querySelectorAll(
    'button, input:not([type=hidden]), select, textarea, a[href], summary, .jupyter-widget-Collapse-header, .lm-TabBar-tab'))
    .filter(el => shown(el) && !el.closest('.rf-board-css'));
  // the page as first seen, before any control is scrolled into view: every box is measured in
  // one place, so two boxes that share pixels on the screen share them here
  document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; if (e.scrollLeft) e.scrollLeft = 0; });
  window.scrollTo(0, 0);
  // a box as much of it as its scrolling or clipping ancestors let show (null: none of it)
  // (the page's own scrolling, around the whole app, is not a clip: what is below the fold is a scroll away)
  const visible = (r0, el) => { let r = {left: r0.left, right: r0.right, top: r0.top, bottom: r0.bottom};
    const app = el.closest('.rf-app');
    // the element's own box clips too (a title kept to two lines hides the rest of its text: no one sees it)
    for (let a = el; a && a !== document.body && !(app && a !== app && a.contains(app)); a = a.parentElement) {
      const cs = getComputedStyle(a); if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      if (cs.overflowX !== 'visible') { r.left = Math.max(r.left, b.left); r.right = Math.min(r.right, b.right); }
      if (cs.overflowY !== 'visible') { r.top = Math.max(r.top, b.top); r.bottom = Math.min(r.bottom, b.bottom); } }
    return (r.right - r.left > 1 && r.bottom - r.top > 1) ? r : null; };
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1.5;
  // what a finger meets: a checkbox through its label
  const tapped = controls.map(el0 => (el0.type === 'checkbox' && el0.closest('label')) ? el0.closest('label') : el0)
    .filter((el, k, all) => all.indexOf(el) === k && !el.closest('.rf-busy'))
    .map(el => ({el, box: visible(el.getBoundingClientRect(), el)})).filter(c => c.box);
  // no two controls share pixels (a tap meant for one may hit the other)
  for (let i = 0; i < tapped.length; i++) for (let j = i + 1; j < tapped.length; j++) {
    const a = tapped[i], b = tapped[j];
    if (a.el.contains(b.el) || b.el.contains(a.el) || !overlap(a.box, b.box)) continue;
    problems.push(`${name(a.el)} and ${name(b.el)} overlap (${a.box.left.toFixed(0)},${a.box.top.toFixed(0)}..${a.box.right.toFixed(0)},${a.box.bottom.toFixed(0)}`
      + ` and ${b.box.left.toFixed(0)},${b.box.top.toFixed(0)}..${b.box.right.toFixed(0)},${b.box.bottom.toFixed(0)})`); }
  // no line of text runs under or over a control that is not its own (a label on two lines in a
  // box one line high spills onto the button below it: the control's middle is still its own)
  { const walk = document.createTreeWalker(document.querySelector('.rf-app') || document.body, NodeFilter.SHOW_TEXT);
    const told = new Set();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement; if (!n.textContent.trim() || !shown(el) || el.closest('svg') || el.closest('option') || el.closest('.rf-busy')) continue;
      const range = document.createRange(); range.selectNodeContents(n);
      for (const line of range.getClientRects()) {
        const seen = visible(line, el); if (!seen) continue;
        for (const c of tapped) {
          if (c.el.contains(el) || told.has(el) || !overlap(seen, c.box)) continue;
          told.add(el);
          problems.push(`text ${name(el)} runs into ${name(c.el)} (${seen.left.toFixed(0)},${seen.top.toFixed(0)}..${seen.right.toFixed(0)},${seen.bottom.toFixed(0)}`
            + ` over ${c.box.left.toFixed(0)},${c.box.top.toFixed(0)}..${c.box.right.toFixed(0)},${c.box.bottom.toFixed(0)})`); } } } }
  // nothing scrolls sideways but the boxes made to (a wide scorepad): what is off to the side is cut
  for (const el of [document.scrollingElement, ...document.querySelectorAll('.rf-app, .rf-app *')]) {
    if (!el || !shown(el) || el.closest('svg') || el.matches(SIDEWAYS) || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') continue;
    const cs = getComputedStyle(el);
    if (el !== document.scrollingElement && !['auto', 'scroll'].includes(cs.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} px of it in ${el.clientWidth} px)`);
  }
  // a drop-down shows it is one: its arrow (drawn by the browser, or the style's picture)
  for (const el of controls) {
    if (el.tagName !== 'SELECT' || el.multiple || el.size > 1) continue;
    const cs = getComputedStyle(el);
    if (cs.appearance === 'none' && cs.backgroundImage === 'none') problems.push(`${name(el)} is a drop-down without its arrow`);
  }
  // a phrase said whole (.rf-keep: Rise!'s 'action 1 of 2') is on one line
  for (const el of document.querySelectorAll('.rf-app .rf-keep'))
    if (shown(el) && el.getClientRects().length > 1) problems.push(`${name(el)} is broken over two lines`);
  // the words of every picture (a game's on the shelf and in History, a chart, a track) are large enough to read
  for (const t of document.querySelectorAll('.rf-app svg text')) {
    if (!t.textContent.trim() || !t.getClientRects().length || !shown(t)) continue;
    const m = t.getScreenCTM(); const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    if (px < minText - 0.05) problems.push(`the word "${t.textContent.trim().slice(0, 30)}" of ${t.closest('svg').getAttribute('aria-label') || 'a picture'} is ${px.toFixed(1)} px high (at least ${minText} px to be read)`);
  }
  // on a tablet every picture is seen whole, top to bottom, on the screen at once (a phone keeps a picture at the size
  // its words are read at, and scrolls)
  if (W > 600) for (const s of document.querySelectorAll('.rf-app svg[viewBox]')) {
    if (!shown(s)) continue;
    const r = s.getBoundingClientRect();
    if (r.height > window.innerHeight + 0.5)
      problems.push(`${s.getAttribute('aria-label') || 'a picture'} (${s.closest('.widget-html') ? name(s.closest('.widget-html')) : 'svg'}) is ${r.height.toFixed(0)} px tall on a screen ${window.innerHeight} px tall`);
  }
  // and every word of the page itself
  { const walk = document.createTreeWalker(document.querySelector('.rf-app') || document.body, NodeFilter.SHOW_TEXT);
    const told = new Set();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement; if (!n.textContent.trim() || told.has(el) || !shown(el) || el.closest('svg') || el.closest('.rf-board-meta')) continue;
      if (!n.parentElement.getClientRects().length) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px > 0 && px < minText - 0.05) { told.add(el);  // (a size of 0: words a picture stands in for, never shown)
        problems.push(`text ${name(el)} is ${px.toFixed(1)} px (at least ${minText} px to be read)`); } } }
  for (const el0 of controls) {
    // a checkbox is tapped through its label
    const el = (el0.type === 'checkbox' && el0.closest('label')) ? el0.closest('label') : el0;
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    if (r.width < minBox - 0.5 || r.height < minBox - 0.5)
      problems.push(`${name(el)} is ${r.width.toFixed(0)}×${r.height.toFixed(0)} px (at least ${minBox}×${minBox})`);
    if (r.left < -0.5 || r.right > W + 0.5)
      problems.push(`${name(el)} is outside the screen: ${r.left.toFixed(0)}..${r.right.toFixed(0)} of ${W} px`);
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const b = a.getBoundingClientRect();
      const cutX = cs.overflowX !== 'visible' && (r.left < b.left - 0.5 || r.right > b.right + 0.5);
      const cutY = cs.overflowY !== 'visible' && (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5);
      if ((cutX && cs.overflowX === 'hidden') || (cutY && cs.overflowY === 'hidden')) {
        problems.push(`${name(el)} is cut off by ${name(a)}`); break; }
    }
    if ((el.tagName === 'BUTTON') && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)}: its label is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
    const hit = document.elementFromPoint(cx, cy);
    if (hit && hit !== el && !el.contains(hit) && !(hit.tagName === 'LABEL' && hit.contains(el)) && !hit.contains(el))
      problems.push(`${name(el)} is covered by ${name(hit)}`);
    if (!el0.disabled) {
      const fg = parse(getComputedStyle(el0).color), bg = background(el0);
      const text = (el0.innerText || el0.value || '').trim();
      if (text && ratio(over(fg, bg), bg) < textContrast)
        problems.push(`${name(el0)}: text contrast ${ratio(over(fg, bg), bg).toFixed(2)} (at least ${textContrast})`);
    }
  }
  for (const el of document.querySelectorAll('.rf-app select option')) {  // a line of a list (a history) wraps, never cut
    if (shown(el.closest('select')) && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)}: its line is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
    if (shown(el.closest('select')) && el.textContent.includes('\u00a0'))
      problems.push(`${name(el)}: its line cannot wrap between words (no-break spaces)`);
  }
  for (const el of document.querySelectorAll('.rf-app .widget-label, .rf-app .widget-label-basic')) {
    if (shown(el) && el.scrollWidth > el.clientWidth + 1)
      problems.push(`${name(el)}: its text is cut (${el.scrollWidth} px of text in ${el.clientWidth} px)`);
  }
  // every piece of text on the page
  const walker = document.createTreeWalker(document.querySelector('.rf-app') || document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement; if (!n.textContent.trim() || seen.has(el) || !shown(el)) continue;
    if (el.closest('svg') || el.closest('button:disabled') || el.closest('option') || el.closest('.rf-board-meta')) continue;
    seen.add(el);
    // text never runs off the screen (a table that scrolls sideways in its own box may)
    const tr = document.createRange(); tr.selectNodeContents(n); const tb = tr.getBoundingClientRect();
    const scrolls = sideways(el);
    if (!scrolls && tb.width > 0 && (tb.left < -0.5 || tb.right > W + 0.5))
      problems.push(`text ${name(el)} runs off the screen: ${tb.left.toFixed(0)}..${tb.right.toFixed(0)} of ${W} px`);
    for (let a = el; !scrolls && tb.width > 0 && a && a !== document.body; a = a.parentElement) {  // nor is it cut by a box
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'hidden' && cs.overflowX !== 'clip') continue;
      const b = a.getBoundingClientRect();
      if (tb.left < b.left - 1 || tb.right > b.right + 1) {
        problems.push(`text ${name(el)} is cut off by ${name(a)} (${tb.left.toFixed(0)}..${tb.right.toFixed(0)} in ${b.left.toFixed(0)}..${b.right.toFixed(0)})`);
        break; }
    }
    for (let a = el; tb.width > 0 && a && a !== document.body; a = a.parentElement) {  // nor spills out of the box it is drawn in
      const cs = getComputedStyle(a);
      if (parse(cs.backgroundColor)[3] === 0 && !(parseFloat(cs.borderLeftWidth) > 0 && parseFloat(cs.borderRightWidth) > 0)) continue;
      if (sideways(a)) break;
      const b = a.getBoundingClientRect();
      if (tb.left < b.left - 1 || tb.right > b.right + 1)
        problems.push(`text ${name(el)} spills out of ${name(a)} (${tb.left.toFixed(0)}..${tb.right.toFixed(0)} in ${b.left.toFixed(0)}..${b.right.toFixed(0)})`);
      break;
    }
    const fg = parse(getComputedStyle(el).color), bg = background(el);
    const c = ratio(over(fg, bg), bg);
    if (c < textContrast) problems.push(`text ${name(el)}: contrast ${c.toFixed(2)} (at least ${textContrast})`);
  }
  // no drawn box (a chip, a card, a panel: a background or a border) runs off the screen
  for (const el of document.querySelectorAll('.rf-app *')) {
    if (!shown(el) || el.closest('svg')) continue;
    const cs = getComputedStyle(el);
    if (parse(cs.backgroundColor)[3] === 0 && !(parseFloat(cs.borderRightWidth) > 0)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || (r.right <= W + 0.5 && r.left >= -0.5)) continue;
    if (!sideways(el.parentElement)) problems.push(`${name(el)} runs off the screen: ${r.left.toFixed(0)}..${r.right.toFixed(0)} of ${W} px`);
  }
  // selected against not selected, in every group of toggles
  for (const group of document.querySelectorAll('.widget-toggle-buttons')) {
    if (!shown(group)) continue;
    const on = group.querySelector('.mod-active'), off = group.querySelector('button:not(.mod-active)');
    if (!on || !off) continue;
    const c = ratio(background(on), background(off));
    if (c < selContrast) problems.push(`${name(on)} selected against ${name(off)}: contrast ${c.toFixed(2)} (at least ${selContrast})`);
  }
  if (dark) {  // no light panel left in a dark room
    for (const el of document.querySelectorAll('.rf-app *')) {
      // (the scorepad's bars are data drawn in their categories' colours, not panels)
      if (!shown(el) || el.closest('svg') || el.closest('.mod-active') || el.closest('.rf-nav') || el.closest('.rf-bars')) continue;
      const c = parse(getComputedStyle(el).backgroundColor);
      const r = el.getBoundingClientRect();
      if (c[3] >= 0.5 && r.width * r.height >= 60 * 40 && lum(c) > 0.3 && !el.classList.contains('mod-success'))
        problems.push(`${name(el)} is a light panel in the dark theme (${getComputedStyle(el).backgroundColor})`);
    }
    for (const cv of document.querySelectorAll('canvas.rf-board')) {
      if (!shown(cv)) continue;
      const d = cv.getContext('2d').getImageData(2, 2, 1, 1).data;
      if (lum([d[0], d[1], d[2]]) > 0.3) problems.push(`the board's background is light in the dark theme (rgb ${d[0]},${d[1]},${d[2]})`);
    }
  }
  document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; });  // the page as first seen
  window.scrollTo(0, 0);
  return Array.from(new Set(problems));
}
"""


def audit(page, dark: bool) -> list[str]:
    """Every problem of the controls and contrasts on the page as it is now."""
    return page.evaluate(AUDIT_JS, [MIN_BOX, TEXT_CONTRAST, SELECTED_CONTRAST, dark, SIDEWAYS, MIN_PICTURE_TEXT])
