var epoch = new Date(0);
var d = new Date(2024, 1, 29, 13, 45, 30, 250);
var utc = new Date(Date.UTC(1999, 11, 31, 23, 59, 59));
var parsed = [Date.parse("2020-06-15T12:00:00Z"), Date.parse("2020-06-15"), Date.parse("not a date")];
var parts = [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(),
  d.getSeconds(), d.getMilliseconds(), utc.getUTCFullYear(), utc.getUTCHours(), d.getTimezoneOffset()];
var copy = new Date(d.getTime());
copy.setFullYear(2025); copy.setMonth(13); copy.setDate(0); copy.setHours(25, 61, 61, 1001);
copy.setUTCMinutes(5); copy.setMilliseconds(-1);
var strings = [epoch.toISOString(), utc.toUTCString(), d.toISOString(), JSON.stringify(utc),
  typeof Date(), String(new Date(NaN)), new Date(8.64e15 + 1).getTime()];
var now = Date.now(), later = new Date(now + 86400000);
var diffDays = Math.round((later - new Date(now)) / 86400000);
var invalid = new Date("garbage");
print(parsed, parts, copy.valueOf(), strings, diffDays, isNaN(invalid), invalid.toString());
