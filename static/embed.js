// Gridworks embeds in a blog post (issue #25): each embed is a poster (picture, "Tap to play" with
// its download size, a full-screen link) made of plain tables and links that work without this
// script. This script, the only code the blog page runs, turns a tap on a poster into the game in
// an iframe on the game's own host (isolated from the blog; nothing is downloaded before the tap).
// The blog keeps the keys until the reader clicks into the game (the game's embed mode).
// Any number of embeds per page: a classic script runs once per <script> tag, and one document-level
// listener serves every poster, also those of posts added to the page later.
(function () {
  "use strict";
  if (window.gridworksEmbeds) return;   // another embed's copy of this script is listening already
  var me = document.currentScript;
  var base = me && me.src ? new URL("./", me.src).href : "";
  var embeds = (window.gridworksEmbeds = {base: base, started: []});

  function lang(cell) {
    var page = String(document.documentElement.lang || "").slice(0, 2).toLowerCase();
    return page === "ru" || page === "en" ? page : cell.getAttribute("data-lang") || "en";
  }

  function play(link) {
    var slug = link.getAttribute("data-gridworks-play");
    var table = link.closest("table[data-gridworks-embed]");
    if (!table || table.getAttribute("data-playing")) return false;
    var cell = table.querySelector("td[data-gridworks-screen]");
    if (!cell) return false;
    var src = new URL(slug + "/", table.getAttribute("data-base") || base);
    src.searchParams.set("embed", "1");
    src.searchParams.set("lang", lang(table));
    var frame = document.createElement("iframe");
    frame.src = src.href;
    frame.title = table.getAttribute("data-title") || slug;
    frame.setAttribute("allow", "autoplay; fullscreen");
    frame.setAttribute("loading", "eager");
    frame.style.cssText = "display:block;width:100%;height:600px;border:0";
    table.setAttribute("data-playing", "1");
    cell.textContent = "";
    cell.appendChild(frame);
    embeds.started.push(slug);
    return true;
  }

  document.addEventListener("click", function (ev) {
    var t = ev.target;
    var link = t && t.closest ? t.closest("a[data-gridworks-play]") : null;
    if (!link || ev.button !== 0 || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.altKey) return;
    if (play(link)) ev.preventDefault();
  });
})();
