// Exceptions: custom errors with cause, optional catch binding, finally,
// rethrow, AggregateError.
class ValidationError extends Error {
  constructor(field, message, options) {
    super(message, options);
    this.name = "ValidationError";
    this.field = field;
  }
}

function validate(user) {
  const problems = [];
  if (!user.name) problems.push(new ValidationError("name", "missing name"));
  if (!(user.age >= 0)) problems.push(new ValidationError("age", "bad age"));
  if (problems.length === 1) throw problems[0];
  if (problems.length > 1) throw new AggregateError(problems, "several problems");
  return true;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function load(text) {
  try {
    const data = parseJson(text) ?? {};
    validate(data);
    return data;
  } catch (err) {
    if (err instanceof AggregateError) {
      return err.errors.map((e) => e.field);
    }
    throw new Error("load failed", { cause: err });
  } finally {
    console.log("load attempted");
  }
}

try {
  console.log(load('{"name":"a","age":1}'), load("{}"));
  load('{"name":"b","age":-1}');
} catch ({ message, cause }) {
  console.log(message, cause?.field);
}
