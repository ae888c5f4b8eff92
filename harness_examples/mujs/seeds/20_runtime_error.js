// Valid syntax; stops with an uncaught TypeError half way.
var config = { servers: [{ host: "a", port: 80 }, { host: "b" }] };
var ports = [];
for (var i = 0; i < config.servers.length; i++) {
  ports.push(config.servers[i].port.toString(16));
}
ports.push("never reached");
