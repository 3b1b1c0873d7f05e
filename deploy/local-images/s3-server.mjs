// S3 on port 9000 for the compose file's `minio` service, storing objects under /data.
//   node s3-server.mjs           serves, with the bucket S3_BUCKET made at start
//   node s3-server.mjs health    exits 0 when the server answers (the health check)
//   node s3-server.mjs bucket    exits 0 when the bucket is there (the one-shot after it)
import S3rver from 's3rver';

const bucket = process.env.S3_BUCKET || 'toolshed';
const check = async (url, ok) => {
  try {
    process.exit(ok((await fetch(url)).status) ? 0 : 1);
  } catch {
    process.exit(1);
  }
};

if (process.argv[2] === 'health') await check('http://127.0.0.1:9000/', (status) => status < 500);
else if (process.argv[2] === 'bucket') await check(`http://minio:9000/${bucket}`, (status) => status !== 404 && status < 500);
else {
  // Path-style addresses only: the host name (minio) is not a bucket.
  const server = new S3rver({
    address: '0.0.0.0',
    port: 9000,
    directory: '/data',
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  console.log(`S3 on :9000, bucket ${bucket}`);
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
