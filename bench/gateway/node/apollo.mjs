// Apollo Gateway over the benchmark's supergraph, served by Apollo Server's
// standalone server on 127.0.0.1, forwarding the client's Authorization.
// node apollo.mjs SUPERGRAPH_FILE PORT
import { readFileSync } from 'node:fs';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';

const [file, port] = process.argv.slice(2);

class Forwarding extends RemoteGraphQLDataSource {
  willSendRequest({ request, context }) {
    if (context.authorization) request.http.headers.set('authorization', context.authorization);
  }
}

const gateway = new ApolloGateway({
  supergraphSdl: readFileSync(file, 'utf8'),
  buildService: ({ url }) => new Forwarding({ url }),
});
const server = new ApolloServer({ gateway });
await startStandaloneServer(server, {
  listen: { host: '127.0.0.1', port: Number(port) },
  context: async ({ req }) => ({ authorization: req.headers.authorization }),
});
