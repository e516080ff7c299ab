package dev.engram.common.json;

import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.io.InputDecorator;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Refuses bytes that are not UTF-8 as RFC 3629 defines it before Jackson decodes them: Jackson's
 * byte parser accepts overlong forms ({@code C0 AF} would become '/'), encoded surrogates and code
 * points above U+10FFFF. Validation streams alongside the parser, so nothing is buffered.
 */
final class StrictUtf8 extends InputDecorator {

  @Override
  public InputStream decorate(IOContext ctxt, InputStream in) {
    return new Checked(in);
  }

  @Override
  public InputStream decorate(IOContext ctxt, byte[] src, int offset, int length)
      throws IOException {
    Validator validator = new Validator();
    validator.accept(src, offset, length);
    validator.end();
    return null; // valid: Jackson reads the array as it is
  }

  @Override
  public Reader decorate(IOContext ctxt, Reader r) {
    return r; // already characters: nothing to check
  }

  /** A UTF-8 state machine fed in chunks (RFC 3629, table 3-7 of the Unicode standard). */
  static final class Validator {

    private long offset;
    private int pending; // continuation bytes still expected
    private int low = 0x80; // allowed range of the next continuation byte
    private int high = 0xBF;

    void accept(byte[] bytes, int from, int length) throws MalformedUtf8Exception {
      for (int i = from; i < from + length; i++, offset++) {
        int b = bytes[i] & 0xFF;
        if (pending > 0) {
          if (b < low || b > high) {
            throw new MalformedUtf8Exception(offset);
          }
          pending--;
          low = 0x80;
          high = 0xBF;
        } else if (b >= 0x80) {
          lead(b);
        }
      }
    }

    private void lead(int b) throws MalformedUtf8Exception {
      if (b >= 0xC2 && b <= 0xDF) {
        pending = 1;
      } else if (b >= 0xE0 && b <= 0xEF) {
        pending = 2;
        low = b == 0xE0 ? 0xA0 : 0x80; // E0 80..9F would be overlong
        high = b == 0xED ? 0x9F : 0xBF; // ED A0..BF would be a surrogate
      } else if (b >= 0xF0 && b <= 0xF4) {
        pending = 3;
        low = b == 0xF0 ? 0x90 : 0x80;
        high = b == 0xF4 ? 0x8F : 0xBF; // above U+10FFFF
      } else {
        throw new MalformedUtf8Exception(offset); // C0, C1, F5..FF or a stray continuation
      }
    }

    void end() throws MalformedUtf8Exception {
      if (pending > 0) {
        throw new MalformedUtf8Exception(offset);
      }
    }
  }

  private static final class Checked extends FilterInputStream {

    private final Validator validator = new Validator();

    Checked(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b < 0) {
        validator.end();
      } else {
        validator.accept(new byte[] {(byte) b}, 0, 1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n < 0) {
        validator.end();
      } else {
        validator.accept(buffer, offset, n);
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      byte[] sink = new byte[(int) Math.min(n, 8192)];
      int read = read(sink, 0, sink.length);
      return Math.max(read, 0);
    }
  }
}
