import { isRecordWrite } from './writes';

describe('isRecordWrite', () => {
  it('counts the REST writes that change records', () => {
    expect(isRecordWrite('PATCH', '/api/v1/tasks/12')).toBe(true);
    expect(isRecordWrite('POST', '/api/v1/opportunities')).toBe(true);
    expect(isRecordWrite('DELETE', '/api/v1/calendar/3')).toBe(true);
    expect(isRecordWrite('POST', '/api/v1/webhooks/4/rotate')).toBe(true);
  });
  it('leaves out reads, reads by POST and what is not the REST API', () => {
    expect(isRecordWrite('GET', '/api/v1/tasks')).toBe(false);
    expect(isRecordWrite('POST', '/api/v1/ask')).toBe(false);
    expect(isRecordWrite('POST', '/api/v1/qe/suggest')).toBe(false);
    expect(isRecordWrite('POST', '/api/v1/session')).toBe(false);
    expect(isRecordWrite('POST', '/api/v1/webhooks/4/test')).toBe(false);
    expect(isRecordWrite('POST', '/oauth/token')).toBe(false);
  });
});
