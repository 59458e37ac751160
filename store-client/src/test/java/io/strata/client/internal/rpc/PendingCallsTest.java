package io.strata.client.internal.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.strata.common.proto.RpcProtos.ExceptionProto;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.proto.RpcProtos.ResponseHeaderProto;
import io.strata.common.rpc.RpcFrame;
import io.strata.common.rpc.RpcParam;
import java.util.concurrent.CompletionException;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PendingCallsTest {
  @Test
  void aHeaderOfOnlyACallIdIsReadWithoutTheParser() {
    Random random = new Random(20261126);
    int[] edges = {1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, Integer.MAX_VALUE};
    for (int i = 0; i < 5_000; i++) {
      int id = i < edges.length ? edges[i] : 1 + random.nextInt(Integer.MAX_VALUE);
      byte[] header = ResponseHeaderProto.newBuilder().setCallId(id).build().toByteArray();
      assertEquals(id, PendingCalls.answeredCallId(header), "call " + id);
      byte[] failed = ResponseHeaderProto.newBuilder().setCallId(id)
          .setException(ExceptionProto.newBuilder().setCode(3)).build().toByteArray();
      assertEquals(0, PendingCalls.answeredCallId(failed), "an error goes to the parser");
    }
  }

  @Test
  void aRequestThatCannotBeWrittenLeavesNoCallWaitingAndNoBufferHeld() {
    PendingCalls calls = new PendingCalls("ClientService", "127.0.0.1:1");
    ByteBuf[] given = new ByteBuf[1];
    CompletableFuture<RpcResponse<ExceptionProto>> f = new CompletableFuture<>();
    // A buffer one byte short of the frame: writing it fails, as a cell changed after it was
    // added fails the encoding.
    RuntimeException e = assertThrows(RuntimeException.class, () -> calls.request("Get",
        RpcParam.of(ExceptionProto.newBuilder().setCode(7).build()), null,
        ExceptionProto.parser(), 1000, 0, f, size -> given[0] = Unpooled.buffer(0, size - 1)));
    assertTrue(e instanceof IndexOutOfBoundsException, e.toString());
    assertTrue(calls.isEmpty(), "the call is no longer registered");
    assertEquals(0, given[0].refCnt(), "the buffer was released");
    assertFalse(f.isDone(), "the caller hears of the failure from the exception");
  }

  @Test
  void anyOtherHeaderGoesToTheParser() {
    assertEquals(0, PendingCalls.answeredCallId(new byte[0]), "call id 0: the connection's");
    assertEquals(0, PendingCalls.answeredCallId(ResponseHeaderProto.newBuilder()
        .setException(ExceptionProto.newBuilder().setCode(1)).build().toByteArray()));
    assertEquals(0, PendingCalls.answeredCallId(new byte[] {0x08, (byte) 0x80}),
        "a varint that does not end");
    assertEquals(0, PendingCalls.answeredCallId(new byte[] {0x08, 0x05, 0x10, 0x01}),
        "a field after the call id");
    assertEquals(0, PendingCalls.answeredCallId(new byte[] {0x10, 0x05}), "another field");
    assertEquals(0, PendingCalls.answeredCallId(
        ResponseHeaderProto.newBuilder().setCallId(-5).build().toByteArray()),
        "an id past Integer.MAX_VALUE, which no client makes");
  }

  @Test
  void aTimeoutSaysWhetherTheServerAnsweredAnythingWhileTheCallWaited() {
    PendingCalls calls = new PendingCalls("ClientService", "127.0.0.1:1");
    CompletableFuture<RpcResponse<ExceptionProto>> first = send(calls, 1);
    CompletableFuture<RpcResponse<ExceptionProto>> answered = send(calls, 60_000);
    expireAll(calls, first);
    assertTrue(timeout(first).silent(), "nothing came back on the connection");
    assertTrue(timeout(first).getMessage().contains("the server answering nothing meanwhile"),
        timeout(first).getMessage());

    CompletableFuture<RpcResponse<ExceptionProto>> second = send(calls, 1);
    byte[] header = ResponseHeaderProto.newBuilder().setCallId(2).build().toByteArray();
    assertTrue(calls.answer(new RpcFrame(header,
        ExceptionProto.newBuilder().setCode(7).build().toByteArray(), null)));
    assertEquals(7, answered.join().result().getCode());
    expireAll(calls, second);
    assertFalse(timeout(second).silent(), "another call was answered while it waited");
  }

  private static CompletableFuture<RpcResponse<ExceptionProto>> send(PendingCalls calls,
      long timeoutMillis) {
    CompletableFuture<RpcResponse<ExceptionProto>> f = new CompletableFuture<>();
    calls.request("Get", RpcParam.of(ExceptionProto.getDefaultInstance()), null,
        ExceptionProto.parser(), timeoutMillis, 0, f, Unpooled::buffer).release();
    return f;
  }

  /** Expires calls until {@code f} has timed out, its 1 ms deadline passing within 10 s. */
  private static void expireAll(PendingCalls calls, CompletableFuture<?> f) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!f.isDone() && System.nanoTime() - deadline < 0) {
      calls.expire();
      Thread.onSpinWait();
    }
  }

  private static CallTimeoutException timeout(CompletableFuture<?> f) {
    CompletionException e = assertThrows(CompletionException.class, f::join);
    return (CallTimeoutException) e.getCause();
  }
}
