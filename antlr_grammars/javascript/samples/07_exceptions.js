// Exceptions: custom error types, finally ordering, rethrowing, catch
// parameters that go unused and errors thrown by the runtime.
var log = typeof print === "function" ? print : console.log;

function ValidationError(field, message) {
  this.name = "ValidationError";
  this.field = field;
  this.message = message;
}
ValidationError.prototype = Object.create(Error.prototype);
ValidationError.prototype.constructor = ValidationError;

function NotFoundError(what) {
  this.name = "NotFoundError";
  this.message = what + " not found";
  this.what = what;
}
NotFoundError.prototype = new Error();
NotFoundError.prototype.constructor = NotFoundError;

function validate(user) {
  if (typeof user.name !== "string" || user.name.length === 0) {
    throw new ValidationError("name", "name is required");
  }
  if (!(user.age >= 0)) {
    throw new ValidationError("age", "age must be a non-negative number");
  }
  return true;
}

var inputs = [{ name: "ok", age: 3 }, { name: "", age: 1 }, { name: "x", age: -2 }];
for (var i = 0; i < inputs.length; i++) {
  try {
    validate(inputs[i]);
    log("input " + i + " valid");
  } catch (e) {
    if (e instanceof ValidationError) {
      log("input " + i + " invalid: " + e.field + " (" + e.message + ")");
    } else {
      throw e;
    }
  }
}

var order = [];
function withFinally(fail) {
  try {
    order.push("try");
    if (fail) {
      throw new Error("boom");
    }
    return "returned";
  } catch (err) {
    order.push("catch:" + err.message);
    return "caught";
  } finally {
    order.push("finally");
  }
}
log(withFinally(false), withFinally(true), order.join(" > "));

function finallyOverrides() {
  try {
    return 1;
  } finally {
    log("cleanup runs before the return completes");
  }
}
log(finallyOverrides());

function lookup(table, key) {
  if (!Object.prototype.hasOwnProperty.call(table, key)) {
    throw new NotFoundError(key);
  }
  return table[key];
}

try {
  lookup({ a: 1 }, "b");
} catch (e) {
  log(e.name + ": " + e.message, e instanceof Error, e instanceof NotFoundError);
}

function parseOr(text, fallback) {
  try {
    return JSON.parse(text);
  } catch (ignored) {
    return fallback;
  }
}
log(parseOr("[1,2]", null).length, parseOr("{", "fallback"));

var caught = [];
var attempts = [
  function () { null.foo; },
  function () { undefinedFunction(); },
  function () { new Array(-1); },
  function () { decodeURIComponent("%"); },
  function () { throw "a plain string"; }
];
attempts.forEach(function (f) {
  try {
    f();
  } catch (e) {
    caught.push(typeof e === "string" ? "string" : e.constructor.name);
  }
});
log(caught.join(", "));

function retry(fn, times) {
  var lastError;
  for (var n = 1; n <= times; n++) {
    try {
      return fn(n);
    } catch (e) {
      lastError = e;
      log("attempt " + n + " failed");
    }
  }
  throw lastError;
}
log(retry(function (n) {
  if (n < 3) {
    throw new Error("flaky");
  }
  return "succeeded on attempt " + n;
}, 5));
