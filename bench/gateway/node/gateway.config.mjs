// Hive Gateway's configuration for the benchmark (the harness runs
// hive-gateway from this directory): the client's Authorization goes on to
// the subgraphs.
import { defineConfig } from '@graphql-hive/gateway';

export const gatewayConfig = defineConfig({
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => ({ authorization: request.headers.get('authorization') ?? '' }),
  },
  logging: 'error',
});
