// The phone picture of the board, laid out for the screen's width: one column up to 1199 px,
// from 1200 px its sections two columns wide beside the actions (each section moved whole to
// the top of the shorter column, as regalia.engine.phone_board.widen does on the server). The
// page carries the picture once; this moves its sections, and moves them back.
"use strict";
window.regaliaBoard = (function () {
  const WIDTH = 360, PAD = 6;
  const WIDE = window.matchMedia("(min-width: 1200px)");

  function translateY(group) {
    const m = /translate\(\s*[\d.]+[ ,]+([\d.]+)\s*\)/.exec(group.getAttribute("transform") || "");
    return m ? Number(m[1]) : 0;
  }

  function size(svg, width, height) {
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const back = svg.querySelector(":scope > rect");
    if (back) { back.setAttribute("width", String(width)); back.setAttribute("height", String(height)); }
    const band = svg.querySelector(":scope > g.band > rect");
    if (band) band.setAttribute("width", String(width));
  }

  // The picture ``columns`` wide (1: as drawn).
  function lay(svg, columns) {
    const sections = [...svg.querySelectorAll(":scope > g.section")];
    if (!sections.length) return;
    if (!svg.dataset.tops) {
      svg.dataset.tops = sections.map(translateY).join(" ");
      svg.dataset.tall = svg.getAttribute("height");
    }
    const tops = svg.dataset.tops.split(" ").map(Number);
    const height = Number(svg.dataset.tall);
    if (columns <= 1) {
      sections.forEach((g, i) => {
        g.setAttribute("transform", `translate(0 ${tops[i]})`);
        g.classList.remove("wide");
      });
      size(svg, WIDTH, height);
      svg.classList.remove("wide-board");
      return;
    }
    const ends = [...tops.slice(1), height - PAD];
    const filled = new Array(columns).fill(tops[0] - PAD);
    sections.forEach((g, i) => {
      let col = 0;
      for (let c = 1; c < columns; c++) if (filled[c] < filled[col]) col = c;
      g.setAttribute("transform", `translate(${col * WIDTH} ${filled[col] + PAD})`);
      g.classList.add("wide");
      filled[col] += PAD + (ends[i] - tops[i]);
    });
    size(svg, WIDTH * columns, Math.round(Math.max(...filled) + PAD));
    svg.classList.add("wide-board");
  }

  function layout() {
    for (const svg of document.querySelectorAll(".board.has-broad .narrow svg.phone-board")) {
      lay(svg, WIDE.matches ? 2 : 1);
    }
  }
  WIDE.addEventListener("change", layout);
  layout();
  return { layout };
})();
