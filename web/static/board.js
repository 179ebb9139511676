// The layer the page adds to the board library: everything chessgroundx
// does not draw by itself (stacks and their checkers, the centre line,
// forbidden moves, pending drops), and the conversions between the
// server's description of a game and the library's configuration.
// Nothing here knows a rule: it draws what the server says.

import { Chessground } from '/static/vendor/chessgroundx/chessground.js';

export const roleOf = letter => letter.toLowerCase() + '-piece';
export const colourName = c => (c === 'w' ? 'white' : 'black');

// squareBox is the position of a square on the board in percent.
export function squareBox(key, files, ranks, orientation) {
  const f = key.charCodeAt(0) - 97;
  const r = parseInt(key.slice(1), 10) - 1;
  const col = orientation === 'white' ? f : files - 1 - f;
  const row = orientation === 'white' ? ranks - 1 - r : r;
  return { left: (100 * col) / files, top: (100 * row) / ranks, w: 100 / files, h: 100 / ranks };
}

function place(el, box) {
  el.style.left = box.left + '%';
  el.style.top = box.top + '%';
  el.style.width = box.w + '%';
  el.style.height = box.h + '%';
}

// drawLayer redraws the overlay of a board: the line between the halves,
// every stack's height and checkers, forbidden plies and pending drops.
export function drawLayer(overlay, board, orientation, extra = {}) {
  overlay.replaceChildren();
  const { files, ranks } = board;
  for (let i = 0; i < Math.max(files, ranks); i++) {
    if (i < files) coord(overlay, String.fromCharCode(97 + i), squareBox(String.fromCharCode(97 + i) + (orientation === 'white' ? 1 : ranks), files, ranks, orientation), 'file');
    if (i < ranks) coord(overlay, String(i + 1), squareBox((orientation === 'white' ? 'a' : String.fromCharCode(96 + files)) + (i + 1), files, ranks, orientation), 'rank');
  }
  if (board.half > 0) {
    // The line lies between rank `half` and the next.
    const frac = orientation === 'white' ? (ranks - board.half) / ranks : board.half / ranks;
    const line = document.createElement('div');
    line.className = 'centre-line';
    line.style.top = 100 * frac + '%';
    overlay.appendChild(line);
    if (board.ownerByHalf) {
      for (const [label, above] of [['North', true], ['South', false]]) {
        const l = document.createElement('div');
        l.className = 'half-label';
        const top = orientation === 'white' === above;
        l.textContent = label + (label === 'South' ? ' (white)' : ' (black)');
        l.style.top = top ? 100 * frac - 4.5 + '%' : 100 * frac + 0.5 + '%';
        overlay.appendChild(l);
      }
    }
  }
  if (board.stacks) {
    for (const s of board.squares) {
      if (s.pieces.length < 2) continue;
      const badge = document.createElement('div');
      badge.className = 'stack-badge';
      badge.dataset.square = s.sq;
      place(badge, squareBox(s.sq, files, ranks, orientation));
      const h = document.createElement('span');
      h.className = 'h';
      h.textContent = s.pieces.length;
      badge.appendChild(h);
      // Every checker but the top one (which the board draws), bottom first.
      for (const p of s.pieces.slice(0, -1)) badge.appendChild(chip(p));
      overlay.appendChild(badge);
    }
  }
  for (const m of board.forbidden || []) {
    for (const k of [m.from, m.to]) {
      const f = document.createElement('div');
      f.className = 'forbidden';
      f.title = `${m.from}-${m.to} is forbidden: the piece may not go straight back`;
      place(f, squareBox(k, files, ranks, orientation));
      overlay.appendChild(f);
    }
  }
  for (const d of extra.pending || []) {
    const p = document.createElement('div');
    p.className = 'pending-drop';
    p.dataset.square = d.sq;
    place(p, squareBox(d.sq, files, ranks, orientation));
    overlay.appendChild(p);
  }
}

function coord(overlay, text, box, kind) {
  const c = document.createElement('div');
  c.className = 'coord ' + kind;
  c.textContent = text;
  place(c, box);
  overlay.appendChild(c);
}

export function chip(p) {
  const c = document.createElement('span');
  c.className = 'chip ' + p.c;
  c.textContent = p.t;
  c.title = (p.c === 'w' ? 'white ' : 'black ') + p.t;
  return c;
}

// boardConfig is the library's configuration for a board description.
export function boardConfig(board, orientation) {
  const cfg = {
    fen: board.boardFen,
    orientation,
    dimensions: { width: board.files, height: board.ranks },
    check: board.check && board.check.length ? board.check : false,
    coordinates: false, // drawn by drawLayer, for every board size
    autoCastle: true,
    animation: { enabled: true, duration: 150 },
    highlight: { lastMove: true, check: true },
    drawable: { enabled: true, visible: true },
  };
  if (board.handTypes) {
    const roles = [...board.handTypes].map(roleOf);
    cfg.pocketRoles = { white: roles, black: roles };
  }
  return cfg;
}

// makeBoard creates the board in el (with pockets when the game has
// reserves); frame gets the size classes.
export function makeBoard(el, board, orientation, pockets, extra) {
  el.replaceChildren();
  const wrap = el;
  wrap.classList.toggle('board-6x6', board.files === 6);
  wrap.style.setProperty('--files', board.files);
  wrap.style.setProperty('--ranks', board.ranks);
  const cfg = Object.assign(boardConfig(board, orientation), extra);
  if (board.handTypes && pockets) {
    pockets.top.replaceChildren(document.createElement('div'));
    pockets.bottom.replaceChildren(document.createElement('div'));
    return Chessground(wrap, cfg, pockets.top.firstChild, pockets.bottom.firstChild);
  }
  if (pockets) {
    pockets.top.replaceChildren();
    pockets.bottom.replaceChildren();
  }
  return Chessground(wrap, cfg);
}

// lastMoveKeys is the library's last-move highlight for a ply.
export function lastMoveKeys(m) {
  if (!m || m.pass) return undefined;
  if (m.drops) return m.drops.map(d => d.sq);
  return [m.from, m.to];
}

export function scoreText(l) {
  if (l.mate) return (l.mate > 0 ? '#' : '#-') + Math.abs(l.mate);
  const v = l.score / 100;
  return (v > 0 ? '+' : '') + v.toFixed(2);
}
