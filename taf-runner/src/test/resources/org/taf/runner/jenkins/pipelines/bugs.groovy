// Script bugs the shim must not mistake for a Jenkins failure, chosen by the BUG parameter.
pipeline {
    agent any
    parameters { string(name: 'BUG', defaultValue: 'none') }
    stages {
        stage('bug') {
            steps {
                script {
                    if (params.BUG == 'unknown step') {
                        nosuchstep('x')
                    } else if (params.BUG == 'unknown parameter') {
                        archiveArtifacts(artifact: 'x/**')
                    } else if (params.BUG == 'missing file') {
                        readFile('no/such/file')
                    } else if (params.BUG == 'lock twice') {
                        lock('r') { lock('r') { echo 'never' } }
                    } else {
                        error('a plain Jenkins failure')
                    }
                }
            }
        }
    }
}
