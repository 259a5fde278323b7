package org.taf.runner.git;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.lib.AbbreviatedObjectId;
import org.eclipse.jgit.lib.AnyObjectId;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.transport.PackParser;

/**
 * An object inserter that keeps new objects in memory, with readers that see them on top of the
 * repository's objects. Applying a diff in core produces new blobs and trees; keeping them here means
 * TAF never writes into the user's repository (which may be read-only, or shared by CI jobs).
 */
final class OverlayInserter extends ObjectInserter {
    private record Stored(int type, byte[] data) {}

    private final Repository repository;
    private final Map<ObjectId, Stored> objects = new ConcurrentHashMap<>();

    OverlayInserter(Repository repository) {
        this.repository = repository;
    }

    @Override
    public ObjectId insert(int type, long length, InputStream in) throws IOException {
        byte[] data = in.readNBytes(Math.toIntExact(length));
        if (data.length != length) {
            throw new IOException("object stream ended after " + data.length + " of " + length + " bytes");
        }
        ObjectId id = idFor(type, data);
        objects.putIfAbsent(id, new Stored(type, data));
        return id;
    }

    @Override
    public PackParser newPackParser(InputStream in) {
        throw new UnsupportedOperationException("an in-memory overlay does not receive packs");
    }

    @Override
    public ObjectReader newReader() {
        return new Reader(repository.newObjectReader());
    }

    @Override
    public void flush() {
        // Nothing to flush: the objects live only as long as this inserter.
    }

    @Override
    public void close() {
        // Nothing held open: readers own their repository reader.
    }

    private final class Reader extends ObjectReader {
        private final ObjectReader base;

        Reader(ObjectReader base) {
            this.base = base;
        }

        @Override
        public ObjectReader newReader() {
            return new Reader(base.newReader());
        }

        @Override
        public Collection<ObjectId> resolve(AbbreviatedObjectId id) throws IOException {
            Set<ObjectId> found = new LinkedHashSet<>(base.resolve(id));
            for (ObjectId own : objects.keySet()) {
                if (id.prefixCompare(own) == 0) {
                    found.add(own);
                }
            }
            return found;
        }

        @Override
        public ObjectLoader open(AnyObjectId id, int typeHint) throws IOException {
            Stored own = objects.get(id.toObjectId());
            if (own == null) {
                return base.open(id, typeHint);
            }
            if (typeHint != OBJ_ANY && typeHint != own.type()) {
                throw new IncorrectObjectTypeException(id.toObjectId(), typeHint);
            }
            return new ObjectLoader.SmallObject(own.type(), own.data());
        }

        @Override
        public Set<ObjectId> getShallowCommits() throws IOException {
            return base.getShallowCommits();
        }

        @Override
        public ObjectInserter getCreatedFromInserter() {
            return OverlayInserter.this;
        }

        @Override
        public void close() {
            base.close();
        }
    }
}
