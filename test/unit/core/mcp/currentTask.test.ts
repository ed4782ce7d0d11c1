import { strict as assert } from 'node:assert';
import { currentTaskText } from '../../../../src/core/mcp/currentTask';
import { MAX_TOOL_RESULT, UNTRUSTED_NOTE } from '../../../../src/core/mcp/untrusted';

describe('#taskPlatformTask (current_task): bounded like a tool result', () => {
  it('a task with a long description and many long comments stays under the tools’ 24 KB, saying what it left out', () => {
    const comments = Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, body: `${i} ${'é'.repeat(5_000)}` }));
    const text = currentTaskText({
      task: { id: 't', title: 'Big', description: 'x'.repeat(100_000) },
      comments: { data: comments },
      dependencies: { blocked_by: [], blocking: [] },
    });
    assert.ok(text.length <= MAX_TOOL_RESULT + 1_000, `${text.length} characters`);
    const parsed = JSON.parse(text) as { note: string; data: { comments: { data: unknown[] } }; left_out?: string };
    assert.equal(parsed.note, UNTRUSTED_NOTE);
    assert.ok(parsed.data.comments.data.length < comments.length);
    assert.match(parsed.left_out ?? '', /items not shown/);
  });
});
