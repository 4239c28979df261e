// dynalite (a DynamoDB-compatible server, in memory) on a port the system picks.
//
// The tests start one of these per worker; a port chosen in advance could be
// taken before the server binds it, so they read the port from the line printed
// here instead. Tables become ACTIVE at once rather than after dynalite's
// default 500 ms, since every test creates a table of its own.
const dynalite = require('dynalite')

const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })

server.listen(0, '127.0.0.1', () => {
  console.log(`Dynalite listening at: http://127.0.0.1:${server.address().port}`)
})
