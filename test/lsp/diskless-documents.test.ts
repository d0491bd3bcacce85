// Which documents have no file on this machine, and the file name each gets
// in its own project (diskless-documents.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AnalysisHost } from '../../src/ide/index.ts';
import { disklessFileName, disklessRoot, isDiskless, NO_DISK } from '../../src/lsp/diskless-documents.ts';

describe('diskless documents', () => {
  it('are every URI but a local file: path', () => {
    assert.equal(isDiskless('file:///home/u/a.yx'), false);
    assert.equal(isDiskless('file:///tmp/a%20b.yx'), false);
    for (const uri of ['untitled:Untitled-1', 'vscode-notebook-cell:/n.ipynb#W0', 'vsls:/src/a.yx', 'file://server/share/a.yx', 'inmemory://model/1']) {
      assert.equal(isDiskless(uri), true, uri);
    }
  });

  it('are named after the last segment of the URI, as a .yx file a module path could name', () => {
    assert.deepEqual([
      'untitled:Untitled-1', 'untitled:/home/u/draft.yx', 'vsls:/src/util%20s.yx?x=1#frag', 'untitled:%E4%BD%A0%E5%A5%BD', 'untitled:', 'untitled:..', 'untitled:%zz', 'inmemory://model/',
    ].map(disklessFileName), [
      'Untitled-1.yx', 'draft.yx', 'util_s.yx', '你好.yx', 'untitled.yx', 'untitled.yx', '_zz.yx', 'model.yx',
    ]);
  });

  it('make a project of the overlay alone: nothing listed, no manifest, the root kept as given', async () => {
    const host = new AnalysisHost(disklessRoot('untitled:Untitled-1'), { disk: NO_DISK, scope: 'folder' });
    try {
      await host.load();
      assert.deepEqual(host.status, { state: 'ready', files: 0 });
      host.setOverlay('Untitled-1.yx', 'pub answer = 42\n', 1);
      const snapshot = await host.snapshot();
      assert.ok(snapshot.ok);
      assert.equal(snapshot.value.root, 'untitled:Untitled-1');
      assert.deepEqual([...snapshot.value.files.keys()], ['Untitled-1.yx']);
      assert.deepEqual(host.manifest, { fmt: {}, i18n: {} });
    } finally {
      host.dispose();
    }
  });
});
