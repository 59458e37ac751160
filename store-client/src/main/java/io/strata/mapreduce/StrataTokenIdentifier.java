package io.strata.mapreduce;

import io.strata.common.security.Token;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * A Strata token's identifier as Hadoop decodes it (found through java.util.ServiceLoader), so
 * that YARN and the job tools can name a token's user: its bytes are the identifier's own,
 * unframed (docs/formats/token.md).
 */
public final class StrataTokenIdentifier extends TokenIdentifier {
  private byte[] identifier = new byte[0];
  private String user;

  @Override
  public Text getKind() {
    return StrataTokens.KIND;
  }

  @Override
  public UserGroupInformation getUser() {
    return user == null ? null : UserGroupInformation.createRemoteUser(user);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.write(identifier);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try {
      while (true) {
        b.write(in.readByte());
      }
    } catch (EOFException end) {
      // the identifier is the rest of the bytes
    }
    identifier = b.toByteArray();
    user = Token.of(identifier, new byte[0]).user();
  }
}
