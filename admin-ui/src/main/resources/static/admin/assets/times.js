/*
 * Every <time class="instant"> on a console page reads as local time in the browser's zone plus its age
 * ("3 minutes ago", "3分钟前"), in the page's language, through the browser's own Intl formatters (nothing to ship
 * or keep up to date). The exact UTC instant stays in the title, shown on hover. Ages are refreshed each half
 * minute so a page left open does not lie about them.
 */
(function () {
  'use strict';
  var lang = document.documentElement.lang || undefined;
  var local = new Intl.DateTimeFormat(lang, {
    year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    hour12: false
  });
  var relative = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  var units = [['year', 31536000], ['month', 2592000], ['day', 86400], ['hour', 3600], ['minute', 60]];

  function age(seconds) {
    for (var i = 0; i < units.length; i++) {
      if (Math.abs(seconds) >= units[i][1]) {
        return relative.format(Math.trunc(seconds / units[i][1]), units[i][0]);
      }
    }
    return relative.format(Math.trunc(seconds), 'second');
  }

  function render() {
    var now = Date.now();
    document.querySelectorAll('time.instant[datetime]').forEach(function (el) {
      var at = new Date(el.getAttribute('datetime'));
      if (isNaN(at.getTime())) {
        return;
      }
      el.textContent = local.format(at) + ' · ' + age((at.getTime() - now) / 1000);
      el.title = el.getAttribute('datetime');
    });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', render);
  } else {
    render();
  }
  setInterval(render, 30000);
}());
