// Sortable tables of the HTML audit report (analyzer/reporters/html.py). Progressive
// enhancement: without JavaScript the tables read as rendered; with it, each header of a
// table.sortable becomes a button (Enter/Space or click) that sorts its column.
(function () {
  "use strict";
  var status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("aria-live", "polite");
  document.body.appendChild(status);

  function key(cell, numeric) {
    var raw = cell.hasAttribute("data-value") ? cell.getAttribute("data-value") : cell.textContent;
    if (!numeric) {
      return raw.trim().toLowerCase();
    }
    var value = parseFloat(String(raw).replace(/[,+]/g, ""));
    return isNaN(value) ? null : value;
  }

  function compare(a, b, ascending) {
    if (a.key === b.key) { return a.index - b.index; }
    if (a.key === null) { return 1; }  // empty figures last either way
    if (b.key === null) { return -1; }
    var order = a.key < b.key ? -1 : 1;
    return ascending ? order : -order;
  }

  function sortBy(table, headers, column) {
    var header = headers[column];
    var numeric = header.getAttribute("data-sort") === "number";
    var ascending = header.getAttribute("aria-sort") !== "ascending";
    headers.forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.map.call(body.rows, function (row, index) {
      return { row: row, index: index, key: key(row.cells[column], numeric) };
    });
    rows.sort(function (a, b) { return compare(a, b, ascending); });
    rows.forEach(function (entry) { body.appendChild(entry.row); });
    status.textContent = "Sorted by " + header.textContent.trim() + ", " +
      (ascending ? "ascending" : "descending") + ".";
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
    headers.forEach(function (header, column) {
      if (!header.hasAttribute("data-sort")) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (header.firstChild) { button.appendChild(header.firstChild); }
      header.appendChild(button);
      header.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () { sortBy(table, headers, column); });
    });
  });
})();
